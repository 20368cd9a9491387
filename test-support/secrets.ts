import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * Secrets that production accepts (long, varied, neither a development default nor a placeholder),
 * for tests that start the api or the music service in production mode. Known to every reader of
 * this file, so never used outside tests.
 */
export const productionSecrets = {
  session: 'test-session-9bd655963632e111af3b024a9d6bfb8ba9cf7bdd9d87ad4e',
  client: 'test-client-57a7a12a27ce2d08f6cf7f2a85ce3dca27b9903875ecf278',
  metrics: 'test-metrics-0edc8b23cf9a2424c925ef8a8c5071fa1c5c3fded227de80',
} as const;

/** The `change-me` values `.env.example` sets: each service must refuse every one of them in production. */
export function envExamplePlaceholders(): string[] {
  const example = readFileSync(resolve(import.meta.dirname, '../.env.example'), 'utf8');
  return [...example.matchAll(/^[A-Z][A-Z0-9_]*=(.*)$/gm)]
    .map((match) => match[1] ?? '')
    .filter((value) => /change-me/i.test(value));
}

/** Secrets production refuses for their shape: what each is, the secret, and the reason given. */
export const weakSecrets: readonly (readonly [string, string, RegExp])[] = [
  ['shorter than 32 characters', 'k3J9x!Qz7Lp2Vw8Rt5Yb1Nc4', /must be at least 32 characters/],
  ['one character repeated', 's'.repeat(32), /is too repetitive to be random/],
  ['fewer than 10 distinct characters', 'abcdefghi'.repeat(3) + 'ihgfedcbaabc', /is too repetitive to be random/],
  ['a run of 10 distinct characters repeated', '0123456789'.repeat(4), /is too repetitive to be random/],
];
