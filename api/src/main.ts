import { createServer } from 'node:http';
import { createApp, type AppOptions } from './app';
import { ConfigError, loadConfig } from './config';

async function main(): Promise<void> {
  const config = loadConfig();
  const server = createServer();
  const options: AppOptions = {};
  let closeDevServer = (): Promise<void> => Promise.resolve();
  if (config.webDevServer) {
    const { createWebDevMiddleware } = await import('./dev-web');
    const dev = await createWebDevMiddleware(server);
    options.webMiddleware = dev.middleware;
    closeDevServer = dev.close;
  }
  const { app, stop } = await createApp(config, options);
  server.on('request', app);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, resolve);
  });
  console.log(`Graphonic api listening on http://${config.host}:${config.port}`);

  const shutdown = (signal: string): void => {
    console.log(`Graphonic api: ${signal} received, shutting down`);
    server.close(() => {
      void Promise.all([stop(), closeDevServer()]).then(() => process.exit(0));
    });
    server.closeIdleConnections();
    // In-flight requests get a bounded time to finish.
    setTimeout(() => process.exit(1), 10_000).unref();
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
