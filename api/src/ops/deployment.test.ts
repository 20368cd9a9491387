import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadMusicConfig, musicEnvironmentVariables } from '@graphonic/music';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { apiEnvironmentVariables, loadConfig } from '../config';
import { playgroundPackage } from '../playground/playground';
import { isPlaceholder } from '@graphonic/ops';

/**
 * docker-compose.yml cannot run here (no Docker), so this reads it, and .env.example, nginx.conf
 * and the Dockerfile beside it (whose compiled servers `npm run build:check` runs with plain node), and checks them against what the services need: the variables
 * their config loaders read (the loaders' own lists, and the loaders themselves in production
 * mode), ports, dependencies, health checks, volumes and networks.
 */

const root = resolve(import.meta.dirname, '../../..');
const read = (path: string): string => readFileSync(resolve(root, path), 'utf8');

interface Service {
  image?: string;
  build?: { context: string; target?: string };
  command?: string[];
  environment?: Record<string, string | number>;
  ports?: string[];
  volumes?: string[];
  networks?: string[] | Record<string, { aliases?: string[] } | null>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  restart?: string;
}

const compose = parse(read('docker-compose.yml'), { merge: true }) as {
  services: Record<string, Service>;
  volumes: Record<string, unknown>;
  networks: Record<string, unknown>;
};
const services = compose.services;

/** .env.example: the values it sets, and every name it documents (set or in a `# NAME=` line). */
const envExample = read('.env.example');
const exampleValues = Object.fromEntries(
  [...envExample.matchAll(/^([A-Z][A-Z0-9_]*)=(.*)$/gm)].map((match) => [match[1] ?? '', match[2] ?? '']),
);
const documented = new Set([...envExample.matchAll(/^#? ?([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]));

/**
 * The settings of a deployment made from .env.example as its header says: every placeholder secret
 * replaced by a random one of the operator's (production refuses the placeholders themselves).
 */
const deployedValues = Object.fromEntries(
  Object.entries(exampleValues).map(([name, value]) => [
    name,
    isPlaceholder(value) ? `${name.toLowerCase()}-${createHash('sha256').update(name).digest('hex')}` : value,
  ]),
);

/** Compose's interpolation of `${NAME}`, `${NAME:-default}` and `${NAME:?message}` from `values` (an .env file). */
function interpolate(value: string, values: Record<string, string>): string {
  return value.replace(
    /\$\{([A-Z0-9_]+)(?::([-?])([^}]*))?\}/g,
    (_whole, name: string, kind?: string, rest?: string) => {
      const set = values[name];
      if (set !== undefined && set !== '') return set;
      if (kind === '-') return rest ?? '';
      throw new Error(`docker-compose.yml uses \${${name}}, which .env.example does not set`);
    },
  );
}

function environmentOf(name: string, values: Record<string, string> = deployedValues): Record<string, string> {
  const service = services[name];
  if (!service) throw new Error(`docker-compose.yml has no service ${name}`);
  return Object.fromEntries(
    Object.entries(service.environment ?? {}).map(([key, value]) => [key, interpolate(String(value), values)]),
  );
}

function networksOf(service: Service | undefined): string[] {
  const networks = service?.networks ?? [];
  return Array.isArray(networks) ? networks : Object.keys(networks);
}

/** The port a health check's fetch('http://127.0.0.1:<port>/…') asks. */
function healthPort(service: Service | undefined): number {
  const match = /127\.0\.0\.1:(\d+)\//.exec(JSON.stringify(service?.healthcheck?.test ?? []));
  return Number(match?.[1]);
}

const apiServices = Object.keys(services).filter((name) => services[name]?.command?.includes('api/dist/main.js'));
const musicEnv = environmentOf('music');
const nginx = read('deploy/nginx.conf');

describe('docker-compose.yml', () => {
  it('runs PostgreSQL, Redis, the music service, at least two api instances and a proxy', () => {
    expect(apiServices.length).toBeGreaterThanOrEqual(2);
    expect(services.postgres?.image).toMatch(/^postgres:/);
    expect(services.redis?.image).toMatch(/^redis:/);
    expect(services.music?.command).toContain('music/dist/cli.js');
    expect(services.proxy?.image).toMatch(/^nginx:/);
  });

  it('gives every long-running service a restart policy and a health check', () => {
    for (const name of ['postgres', 'redis', 'music', 'proxy', ...apiServices]) {
      expect(services[name]?.restart, name).toBe('unless-stopped');
      expect(services[name]?.healthcheck?.test.length, name).toBeGreaterThan(0);
    }
  });

  it('keeps data in named volumes, all declared', () => {
    const used = Object.values(services).flatMap((service) =>
      (service.volumes ?? []).map((volume) => volume.split(':')[0] ?? '').filter((source) => !source.startsWith('.')),
    );
    for (const volume of used) expect(Object.keys(compose.volumes), volume).toContain(volume);
    expect(services.postgres?.volumes).toContain('postgres-data:/var/lib/postgresql/data');
    expect(services.redis?.volumes).toContain('redis-data:/data');
  });

  it('sets only variables the services read, and .env.example sets every one it interpolates', () => {
    const known = new Set([...apiEnvironmentVariables, 'NODE_EXTRA_CA_CERTS']);
    for (const name of apiServices) {
      for (const key of Object.keys(environmentOf(name))) expect(known, `${name}: ${key}`).toContain(key);
    }
    for (const key of Object.keys(musicEnv)) expect(musicEnvironmentVariables, `music: ${key}`).toContain(key);
  });

  it('gives each api instance a configuration its loader accepts in production', () => {
    for (const name of apiServices) {
      const env = environmentOf(name);
      const config = loadConfig(env);
      expect(config.env).toBe('production');
      // Reachable from the proxy, on the port its health check and nginx use.
      expect(config.host).toBe('0.0.0.0');
      expect(healthPort(services[name])).toBe(config.port);
      expect(nginx).toContain(`server ${name}:${config.port} `);
      // Sessions, the cache and the rate gate in the Redis service, on a network they share.
      expect(new URL(config.redisUrl ?? '').hostname).toBe('redis');
      expect(networksOf(services[name])).toEqual(expect.arrayContaining(networksOf(services.redis)));
      expect(config.rateBudget).not.toBeNull();
      expect(config.metricsToken).toBeDefined();
      // nginx is the one proxy in front: the sign-in limit counts the client it names.
      expect(config.fairUse.trustProxy).toBe(1);
      expect(services[name]?.depends_on?.redis?.condition).toBe('service_healthy');
    }
  });

  it('lets the api reach the music service only over https, through a name the proxy answers on', () => {
    for (const name of apiServices) {
      const env = environmentOf(name);
      const config = loadConfig(env);
      for (const url of [config.musicApiUrl, config.musicAccountsUrl]) {
        const parsed = new URL(url);
        expect(parsed.protocol).toBe('https:');
        const proxyNetworks = services.proxy?.networks as Record<string, { aliases?: string[] } | null>;
        const aliases = networksOf(services[name]).flatMap((network) => proxyNetworks[network]?.aliases ?? []);
        expect(aliases, `${name} reaches ${parsed.hostname}`).toContain(parsed.hostname);
        expect(nginx).toMatch(new RegExp(`server_name ${parsed.hostname.replace(/\./g, '\\.')};`));
      }
      // The proxy's certificate verifies against the deployment's private authority.
      expect(env.NODE_EXTRA_CA_CERTS).toBe('/certs/ca.crt');
      expect(services[name]?.volumes).toContain('certs:/certs:ro');
      expect(services[name]?.depends_on?.certs?.condition).toBe('service_completed_successfully');
    }
    // Nothing but the proxy shares a network with the music service's plain http port.
    const withMusic = Object.keys(services).filter((other) =>
      networksOf(services[other]).some((network) => networksOf(services.music).includes(network)),
    );
    expect(withMusic.sort()).toEqual(['music', 'postgres', 'proxy']);
    expect(networksOf(services.postgres)).not.toContain('music');
  });

  it('gives the music service a configuration its loader accepts in production, matching the api', () => {
    const config = loadMusicConfig(musicEnv);
    const api = loadConfig(environmentOf(apiServices[0] ?? ''));
    expect(config.env).toBe('production');
    expect(config.host).toBe('0.0.0.0');
    expect(healthPort(services.music)).toBe(config.port);
    expect(nginx).toContain(`server music:${config.port} `);
    // The same OAuth client on both sides, and the api's callback among its redirect URIs.
    expect(config.client.id).toBe(api.oauthClient.id);
    expect(config.client.secret).toBe(api.oauthClient.secret);
    expect(config.client.redirectUris).toContain(`${api.publicUrl}/auth/callback`);
    // The issuer browsers see is where the api sends them to sign in.
    expect(config.publicUrl).toBe(api.musicAccountsUrl);
    // Its database is the PostgreSQL service's, with that service's user, password and database.
    const database = new URL(config.databaseUrl ?? '');
    const postgres = environmentOf('postgres');
    expect(database.hostname).toBe('postgres');
    expect(decodeURIComponent(database.username)).toBe(postgres.POSTGRES_USER);
    expect(decodeURIComponent(database.password)).toBe(postgres.POSTGRES_PASSWORD);
    expect(database.pathname).toBe(`/${postgres.POSTGRES_DB}`);
    expect(networksOf(services.music)).toEqual(expect.arrayContaining(networksOf(services.postgres)));
    expect(services.music?.depends_on?.postgres?.condition).toBe('service_healthy');
  });

  it('starts the proxy once both api instances, the music service, the client and the certificates are there', () => {
    const after = services.proxy?.depends_on ?? {};
    for (const name of [...apiServices, 'music']) expect(after[name]?.condition, name).toBe('service_healthy');
    expect(after.web?.condition).toBe('service_completed_successfully');
    expect(after.certs?.condition).toBe('service_completed_successfully');
    expect(services.proxy?.ports).toEqual(expect.arrayContaining([expect.stringMatching(/:8443:8443$/)]));
    expect(services.proxy?.volumes).toEqual(
      expect.arrayContaining([
        './deploy/nginx.conf:/etc/nginx/conf.d/default.conf:ro',
        'web-dist:/usr/share/nginx/html:ro',
        'certs:/etc/nginx/certs:ro',
      ]),
    );
  });

  it('runs the compiled servers with plain node: no TypeScript loader in the image', () => {
    for (const name of [...apiServices, 'music']) {
      const command = services[name]?.command ?? [];
      expect(command[0], name).toBe('node');
      expect(command[1], name).toMatch(/^(api|music)\/dist\/[\w-]+\.js$/);
      expect(command.join(' '), name).not.toMatch(/tsx|\.ts\b|--import/);
    }
  });

  it('builds every image target it names from the Dockerfile', () => {
    const dockerfile = read('Dockerfile');
    for (const service of Object.values(services)) {
      if (service.build?.target) expect(dockerfile).toMatch(new RegExp(`^FROM .+ AS ${service.build.target}$`, 'm'));
    }
  });
});

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');
  /** The lines of one stage, from its FROM to the next. */
  const stage = (name: string): string[] => {
    const lines = dockerfile.split('\n');
    const start = lines.findIndex((line) => new RegExp(`^FROM .+ AS ${name}$`).test(line));
    expect(start, name).toBeGreaterThanOrEqual(0);
    const end = lines.findIndex((line, index) => index > start && line.startsWith('FROM '));
    return lines.slice(start, end === -1 ? undefined : end).filter((line) => !line.startsWith('#'));
  };

  it('compiles the servers and the web client in a stage of their own', () => {
    expect(stage('build')).toContain('RUN npm run build');
    const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;
    expect(scripts.build).toMatch(/npm run build -w web/);
    expect(scripts.build).toMatch(/build:servers/);
  });

  it('installs the runtime packages alone, and copies only compiled output and what it reads', () => {
    const runtime = stage('runtime-deps');
    // Built from the manifests alone: package.json files (each says "type": "module") and the lock.
    expect(runtime[0]).toMatch(/^FROM manifests AS runtime-deps$/);
    expect(runtime.join('\n')).toMatch(/^RUN npm ci --omit=dev\b/m);
    for (const line of stage('manifests').filter((candidate) => candidate.startsWith('COPY '))) {
      expect(line).toMatch(/^COPY (\S+\/)?package(-lock)?\.json( package-lock\.json)? \S+$/);
    }
    for (const dir of ['schema', 'ops', 'api', 'music']) {
      expect(stage('manifests'), dir).toContain(`COPY ${dir}/package.json ${dir}/`);
    }
    const app = stage('app');
    const copies = app.filter((line) => line.startsWith('COPY '));
    const installed = `/app/node_modules/${playgroundPackage}`;
    // Never the sources and their tests: the installed packages and the compiled output alone.
    expect(copies).toEqual([
      'COPY --from=runtime-deps /app ./',
      ...['schema', 'ops', 'api', 'music', 'web'].map((dir) => `COPY --from=build /app/${dir}/dist ${dir}/dist`),
      // The playground's built files, manifest and licence: not the packages it was built from.
      `COPY --from=deps ${installed}/package.json ${installed}/LICENSE node_modules/${playgroundPackage}/`,
      `COPY --from=deps ${installed}/dist node_modules/${playgroundPackage}/dist`,
    ]);
    expect(app).toContain('ENV NODE_ENV=production');
    expect(app).toContain('USER node');
    expect(app).toContain('CMD ["node", "api/dist/main.js"]');
    expect(app.join('\n')).not.toMatch(/tsx/);
  });

  it("carries the playground's built files without the packages they were built from", () => {
    const lock = JSON.parse(read('package-lock.json')) as { packages: Record<string, { dev?: boolean }> };
    const api = JSON.parse(read('api/package.json')) as {
      dependencies: Record<string, string>;
      devDependencies: Record<string, string>;
    };
    expect(api.dependencies).not.toHaveProperty(playgroundPackage);
    expect(api.devDependencies).toHaveProperty(playgroundPackage);
    // What `npm ci --omit=dev` leaves out: the package, and the GraphiQL sources and editor it was built from.
    for (const name of [playgroundPackage, 'graphiql', '@graphiql/react', 'monaco-editor']) {
      expect(lock.packages[`node_modules/${name}`]?.dev, name).toBe(true);
    }
  });
});

describe('deploy/nginx.conf', () => {
  it('serves the web client and balances /graphql and /auth/* across the api instances over TLS', () => {
    expect(nginx).toMatch(/listen 8443 ssl default_server;\s+server_name localhost;\s+root \/usr\/share\/nginx\/html;/);
    expect(nginx).toMatch(/location ~ \^\/\(graphql\|auth\/\) \{\s+proxy_pass http:\/\/graphonic_api;/);
    expect(nginx).toMatch(/upstream graphonic_api \{[^}]*least_conn;/);
    expect(nginx).toContain('proxy_set_header X-Forwarded-Proto https;');
    expect(nginx).toContain('try_files $uri /index.html;');
    // Metrics never leave through the public proxy.
    expect(nginx.match(/location = \/metrics \{\s+return 404;/g)).toHaveLength(2);
  });
});

describe('.env.example', () => {
  it('documents every variable the api and the music service read', () => {
    for (const name of new Set([...apiEnvironmentVariables, ...musicEnvironmentVariables])) {
      expect(documented, name).toContain(name);
    }
  });

  it('sets every secret the deployment requires', () => {
    for (const match of read('docker-compose.yml').matchAll(/\$\{([A-Z0-9_]+):\?/g)) {
      expect(exampleValues[match[1] ?? ''], match[1]).toBeTruthy();
    }
  });

  it('ships placeholders that both services refuse in production, each named, until they are replaced', () => {
    const refusals = (load: () => unknown): string => {
      try {
        load();
      } catch (error) {
        return error instanceof Error ? error.message : String(error);
      }
      return 'accepted';
    };
    const api = refusals(() => loadConfig(environmentOf(apiServices[0] ?? '', exampleValues)));
    for (const name of ['SESSION_SECRET', 'MUSIC_CLIENT_SECRET', 'METRICS_TOKEN']) {
      expect(api).toMatch(new RegExp(`${name}: is the placeholder of .env.example`));
    }
    expect(api).toMatch(/REDIS_URL: has the placeholder password of .env.example/);
    const music = refusals(() => loadMusicConfig(environmentOf('music', exampleValues)));
    for (const name of ['MUSIC_CLIENT_SECRET', 'METRICS_TOKEN']) {
      expect(music).toMatch(new RegExp(`${name}: is the placeholder of .env.example`));
    }
    expect(music).toMatch(/DATABASE_URL: has the placeholder password of .env.example/);
  });
});
