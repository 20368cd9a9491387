import { resolve } from 'node:path';
import { z } from 'zod';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  MUSIC_HOST: z.string().min(1).default('127.0.0.1'),
  MUSIC_PORT: z.coerce.number().int().min(0).max(65535).default(4100),
  MUSIC_DATA_DIR: z
    .string()
    .min(1)
    .default(resolve(import.meta.dirname, '../../.data/music')),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
});

export interface MusicConfig {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  /** Where the embedded database keeps its files (unused when `databaseUrl` is set). */
  dataDir: string;
  /** A PostgreSQL server to use instead of the embedded database. */
  databaseUrl: string | undefined;
}

export class MusicConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'MusicConfigError';
  }
}

/** Parses and validates the environment once, at start; every bad value gets its own line. */
export function loadMusicConfig(env: NodeJS.ProcessEnv = process.env): MusicConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new MusicConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`),
    );
  }
  const value = parsed.data;
  return {
    env: value.NODE_ENV,
    host: value.MUSIC_HOST,
    port: value.MUSIC_PORT,
    dataDir: resolve(value.MUSIC_DATA_DIR),
    databaseUrl: value.DATABASE_URL,
  };
}
