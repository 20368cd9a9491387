/**
 * The music service's secrets in production, held to the rules both servers share (`secretProblem`
 * of @graphonic/ops: no published default, no placeholder of `.env.example`, long and varied enough);
 * outside production the service keeps to loopback unless told otherwise.
 */
import { isLoopbackHost, isPlaceholder, secretProblem } from '@graphonic/ops';

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
      const problem = secret ? secretProblem(secret, [developmentClientSecret]) : null;
      if (problem) problems.push(`${name}: ${problem}`);
    }
    // The database holds every account: its password may not be the one everybody can read in .env.example.
    if (value.DATABASE_URL && isPlaceholder(decodeURIComponent(new URL(value.DATABASE_URL).password))) {
      problems.push(
        'DATABASE_URL: has the placeholder password of .env.example; set POSTGRES_PASSWORD to a random secret of your own',
      );
    }
  } else if (!value.ALLOW_REMOTE_DEVELOPMENT && !isLoopbackHost(value.MUSIC_HOST)) {
    // Outside production the demo account, the mail outbox and the published client secret are on.
    problems.push(
      `MUSIC_HOST: is ${value.MUSIC_HOST}, beyond this machine: outside production the music service has the demo ` +
        'account, the mail outbox and the published development client secret, so it listens on 127.0.0.1, ::1 or ' +
        'localhost only. Run with NODE_ENV=production, or set ALLOW_REMOTE_DEVELOPMENT=true if this is meant',
    );
  }
  return problems;
}
