import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

/*
 * The test files of a worker share one window and the modules they load from node_modules (vitest.config.ts): each
 * file starts here as a page of its own, with the client's modules loaded anew (they keep per-page state, such as
 * one device registration per tab) and nothing left by the file before: no storage, address, document, stubbed
 * globals, spies or fake clock. (The client reads no cookies: its session cookie is the api's, out of its reach.)
 */
vi.useRealTimers();
vi.restoreAllMocks();
vi.unstubAllGlobals();
vi.unstubAllEnvs();
vi.resetModules();
localStorage.clear();
sessionStorage.clear();
history.replaceState(null, '', '/');
for (const attribute of [...document.documentElement.attributes])
  document.documentElement.removeAttribute(attribute.name);
document.head.replaceChildren();
document.body.replaceChildren();
for (const attribute of [...document.body.attributes]) document.body.removeAttribute(attribute.name);
document.title = '';

afterEach(() => {
  cleanup();
});
