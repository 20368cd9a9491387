/**
 * What production accepts as a secret. A secret is refused when it is the published development
 * default, a placeholder of `.env.example` (a copy of the file that was never edited), shorter than
 * 32 characters, or too repetitive to be random: fewer than 10 distinct characters, or one run of
 * characters repeated (`abcabcabc…`). This is a floor that catches the common mistakes, not a proof
 * of randomness: make secrets with `openssl rand -hex 32`. Outside production the service keeps
 * to loopback unless told otherwise. (The api has its own copy of these rules in
 * api/src/config-secrets.ts: the two services deploy separately.)
 */

/** The values `.env.example` ships with; config.test.ts checks that every one of them is here. */
export const examplePlaceholders: readonly string[] = [
  'change-me-postgres-password-of-32-chars-or-more',
  'change-me-redis-password-of-32-characters-or-more',
  'change-me-session-secret-of-at-least-32-random-bytes',
  'change-me-client-secret-of-at-least-32-characters',
  'change-me-metrics-token-of-32-characters-or-more',
  'change-me-metrics-token-of-24-or-more',
];

/** A placeholder of `.env.example`, listed or edited only a little (it still says to change it). */
export function isPlaceholder(value: string): boolean {
  return examplePlaceholders.includes(value) || /^change[-_ ]?me/i.test(value.trim());
}

/** Whether `value` is one shorter run of characters repeated (`abab`, `xyzxyzxy`): it equals itself shifted. */
function repeatsARun(value: string): boolean {
  for (let period = 1; period <= value.length / 2; period += 1) {
    if (value.slice(period) === value.slice(0, -period)) return true;
  }
  return false;
}

/** Why `value` cannot serve as a secret in production, or null when it can. */
function secretProblem(value: string, developmentDefault: string): string | null {
  if (value === developmentDefault) return 'is the published development default; set a random secret of your own';
  if (isPlaceholder(value)) return 'is the placeholder of .env.example; replace it with a random secret of your own';
  // Code points: a secret may hold any character.
  const characters = Array.from(value);
  if (characters.length < 32) return 'must be at least 32 characters';
  if (new Set(characters).size < 10 || repeatsARun(value)) {
    return 'is too repetitive to be random (at least 10 distinct characters, no repeated run); use e.g. `openssl rand -hex 32`';
  }
  return null;
}

export interface SecretSettings {
  NODE_ENV: 'development' | 'production' | 'test';
  MUSIC_HOST: string;
  ALLOW_REMOTE_DEVELOPMENT: boolean;
  MUSIC_CLIENT_SECRET?: string;
  METRICS_TOKEN?: string;
  DATABASE_URL?: string;
}

/** What stands against starting with these settings: secrets in production, the listening address outside it. */
export function secretSettingProblems(value: SecretSettings, developmentClientSecret: string): string[] {
  const problems: string[] = [];
  if (value.NODE_ENV === 'production') {
    // The client secret guards every sign-in, and the metrics token what the service measures.
    for (const [name, secret] of [
      ['MUSIC_CLIENT_SECRET', value.MUSIC_CLIENT_SECRET ?? ''],
      ['METRICS_TOKEN', value.METRICS_TOKEN],
    ] as const) {
      if (name === 'MUSIC_CLIENT_SECRET' && secret === '') problems.push(`${name}: is required in production`);
      const problem = secret ? secretProblem(secret, developmentClientSecret) : null;
      if (problem) problems.push(`${name}: ${problem}`);
    }
    // The database holds every account: its password may not be the one everybody can read in .env.example.
    if (value.DATABASE_URL && isPlaceholder(decodeURIComponent(new URL(value.DATABASE_URL).password))) {
      problems.push(
        'DATABASE_URL: has the placeholder password of .env.example; set POSTGRES_PASSWORD to a random secret of your own',
      );
    }
  } else if (!value.ALLOW_REMOTE_DEVELOPMENT && !/^(localhost|::1|\[::1\]|127(\.\d{1,3}){3})$/.test(value.MUSIC_HOST)) {
    // Outside production the demo account, the mail outbox and the published client secret are on.
    problems.push(
      `MUSIC_HOST: is ${value.MUSIC_HOST}, beyond this machine: outside production the music service has the demo ` +
        'account, the mail outbox and the published development client secret, so it listens on 127.0.0.1, ::1 or ' +
        'localhost only. Run with NODE_ENV=production, or set ALLOW_REMOTE_DEVELOPMENT=true if this is meant',
    );
  }
  return problems;
}
