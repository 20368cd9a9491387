import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';

/*
 * The test files of a worker share one window and the modules they load from node_modules (vitest.config.ts): each
 * file starts here as a page of its own, with the client's modules loaded anew (they keep per-page state, such as
 * one device registration per tab) and nothing left by the file before: no storage, address, document, stubbed
 * globals, spies, fake clock or timer. (The client reads no cookies: its session cookie is the api's, out of its
 * reach.)
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

/*
 * The timers a file starts end with it, as a page's end with the page: one left running would fire in a later file,
 * or after the window is gone. The worker's own timers are wrapped once; each file keeps its own list.
 */
type Timer = ReturnType<typeof setTimeout>;
interface WorkerTimers {
  setTimeout: typeof setTimeout;
  setInterval: typeof setInterval;
}
const timersKey = Symbol.for('graphonic.test.timers');
const scope = globalThis as typeof globalThis & { [timersKey]?: WorkerTimers };
const timers = (scope[timersKey] ??= {
  setTimeout: globalThis.setTimeout,
  setInterval: globalThis.setInterval,
});
const running = new Set<Timer>();
globalThis.setTimeout = Object.assign(
  (run: (...args: unknown[]) => void, ms?: number, ...args: unknown[]): Timer => {
    const timer = timers.setTimeout(() => {
      running.delete(timer);
      run(...args);
    }, ms);
    running.add(timer);
    return timer;
  },
  { __promisify__: timers.setTimeout.__promisify__ },
) as typeof setTimeout;
globalThis.setInterval = ((run: (...args: unknown[]) => void, ms?: number, ...args: unknown[]): Timer => {
  const timer = timers.setInterval(run, ms, ...args);
  running.add(timer);
  return timer;
}) as typeof setInterval;

afterEach(() => {
  cleanup();
});

afterAll(() => {
  for (const timer of running) clearTimeout(timer);
  running.clear();
});
