export { createMusicApp, type MusicApp } from './app';
export { loadMusicConfig, MusicConfigError, musicEnvironmentVariables, type MusicConfig } from './config';
export { startMusicService, type MusicService } from './service';
export { openDatabase } from './db/open';
export { migrate } from './db/migrate';
export { seedCatalog } from './catalog/seed';
export { Random } from './catalog/random';
export { createUser, ensureDemoUser, registerConfiguredClient, issueTokens } from './accounts/service';
export { prepareSigningKey } from './accounts/signing-keys';
