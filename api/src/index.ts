export { createApp, type App } from './app';
export { loadConfig, ConfigError, type Config } from './config';
