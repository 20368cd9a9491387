/**
 * What production accepts as a secret. A secret is refused when it is a published development
 * default, a placeholder of `.env.example` (a copy of the file that was never edited), shorter than
 * 32 characters, or too repetitive to be random: fewer than 10 distinct characters, or one run of
 * characters repeated (`abcabcabc…`). This is a floor that catches the common mistakes, not a proof
 * of randomness: make secrets with `openssl rand -hex 32`. Both servers hold their secrets to it.
 */

/** The values `.env.example` ships with; the api's config.test.ts checks that every one of them is here. */
export const examplePlaceholders: readonly string[] = [
  'change-me-postgres-password-of-32-chars-or-more',
  'change-me-redis-password-of-32-characters-or-more',
  'change-me-session-secret-of-at-least-32-random-bytes',
  'change-me-client-secret-of-at-least-32-characters',
  'change-me-metrics-token-of-32-characters-or-more',
  // The metrics token's placeholder of before production asked 32 characters of it.
  'change-me-metrics-token-of-24-or-more',
];

export const minimumSecretLength = 32;
export const minimumDistinctCharacters = 10;

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

/** Why `value` cannot serve as a secret in production, or null when it can. `published`: the development defaults. */
export function secretProblem(value: string, published: readonly string[]): string | null {
  if (published.includes(value)) return 'is the published development default; set a random secret of your own';
  if (isPlaceholder(value)) return 'is the placeholder of .env.example; replace it with a random secret of your own';
  // Code points: a secret may hold any character.
  const characters = Array.from(value);
  if (characters.length < minimumSecretLength) return `must be at least ${minimumSecretLength} characters`;
  if (new Set(characters).size < minimumDistinctCharacters || repeatsARun(value)) {
    return `is too repetitive to be random (at least ${minimumDistinctCharacters} distinct characters, no repeated run); use e.g. \`openssl rand -hex 32\``;
  }
  return null;
}

/** The addresses a development or test server may listen on without saying that it means to go further. */
export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host);
}
