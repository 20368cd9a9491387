import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { handleShutdown } from '@graphonic/ops';
import { createApp, type AppOptions } from './app';
import { ConfigError, loadConfig } from './config';
import { createLogger } from './ops/logger';

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger({ level: config.logLevel, service: 'api' });
  const server = createServer();
  const options: AppOptions = { logger };
  let closeDevServer = (): Promise<void> => Promise.resolve();
  if (config.webDevServer) {
    const { createWebDevMiddleware } = await import('./dev-web');
    const dev = await createWebDevMiddleware(server);
    options.webMiddleware = dev.middleware;
    closeDevServer = dev.close;
  }
  const { app, attach, closeSockets, stop } = await createApp(config, options);
  server.on('request', app);
  // Subscriptions: graphql-ws on /graphql, upgraded from this server's requests.
  attach(server);
  const shutdown = handleShutdown({
    server,
    logger,
    timeoutMs: config.shutdownTimeoutMs,
    // WebSockets would hold the server open until the deadline: they close first (1001), and their clients
    // reconnect to another instance.
    stopping: closeSockets,
    close: async () => {
      await Promise.all([stop(), closeDevServer()]);
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  logger.info({ url: `http://${config.host}:${port}` }, `Graphonic api listening on http://${config.host}:${port}`);

  // `on`, not `once`: a second signal during the shutdown must not end the process before it is done.
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  // A bad setting is for a person to read, one line per problem; any other failure is a log line like the rest.
  if (error instanceof ConfigError) console.error(error.message);
  else createLogger({ level: 'fatal', service: 'api' }).fatal({ err: error }, 'start failed');
  process.exit(1);
});
