export { createMusicApp } from './app';
export { loadMusicConfig, MusicConfigError, type MusicConfig } from './config';
