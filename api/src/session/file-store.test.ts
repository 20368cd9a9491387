import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type session from 'express-session';
import { afterEach, describe, expect, it } from 'vitest';
import { FileSessionStore } from './file-store';

const dirs: string[] = [];
let clock = Date.parse('2026-11-22T10:00:00Z');
/** How far a touch must move the stored expiry before the stores of these tests write it. */
const touchAfterMs = 60_000;

function store(dir = mkdtempSync(join(tmpdir(), 'graphonic-sessions-'))): { store: FileSessionStore; dir: string } {
  dirs.push(dir);
  return { store: new FileSessionStore({ dir, sweepIntervalMs: 0, touchAfterMs, now: () => clock }), dir };
}

/** A session as the store receives it, serialised the way express-session's cookie serialises. */
function data(expiresInMs: number | null, extra: Record<string, unknown> = {}): session.SessionData {
  const cookie = { originalMaxAge: expiresInMs, expires: expiresInMs === null ? null : new Date(clock + expiresInMs) };
  return JSON.parse(JSON.stringify({ cookie, ...extra })) as session.SessionData;
}

function call<T>(fn: (done: (error: unknown, value?: T) => void) => void): Promise<T | undefined> {
  return new Promise((resolve, reject) => {
    fn((error, value) => {
      if (error) reject(error instanceof Error ? error : new Error(JSON.stringify(error)));
      else resolve(value);
    });
  });
}

const get = (s: FileSessionStore, sid: string) =>
  call<session.SessionData | null>((done) => {
    s.get(sid, done);
  });
const set = (s: FileSessionStore, sid: string, value: session.SessionData) =>
  call<undefined>((done) => {
    s.set(sid, value, done);
  });
const destroy = (s: FileSessionStore, sid: string) =>
  call<undefined>((done) => {
    s.destroy(sid, done);
  });
const length = (s: FileSessionStore) =>
  call<number>((done) => {
    s.length(done);
  });

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  clock = Date.parse('2026-11-22T10:00:00Z');
});

describe('the file session store', () => {
  it('keeps a session across a restart of the store', async () => {
    const first = store();
    await set(first.store, 'sid-1', data(60_000, { userId: 'demo' }));
    const reopened = store(first.dir);
    expect(await get(reopened.store, 'sid-1')).toMatchObject({ userId: 'demo' });
    expect(await get(reopened.store, 'unknown')).toBeNull();
  });

  it('names files by a hash of the id and makes them readable by the owner only', async () => {
    const { store: s, dir } = store();
    await set(s, 'secret-session-id', data(60_000));
    const [name] = readdirSync(dir);
    expect(name).toMatch(/^[0-9a-f]{64}\.json$/);
    expect(name).not.toContain('secret');
    expect(statSync(join(dir, name ?? '')).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
  });

  it('forgets expired sessions when read and when swept', async () => {
    const { store: s, dir } = store();
    await set(s, 'short', data(1000));
    await set(s, 'long', data(60_000));
    await set(s, 'no-expiry', data(null));
    writeFileSync(join(dir, 'interrupted.json.abc.tmp'), '{');
    utimesSync(join(dir, 'interrupted.json.abc.tmp'), clock / 1000, clock / 1000);
    clock += 2000;
    expect(await get(s, 'short')).toBeNull();
    expect(await length(s)).toBe(2);
    clock += 120_000;
    expect(await s.sweep()).toBe(1);
    expect(readdirSync(dir)).toHaveLength(1);
    expect(await get(s, 'no-expiry')).not.toBeNull();
  });

  it('leaves the temporary file of a write under way to that write', async () => {
    const { store: s, dir } = store();
    const temporary = join(dir, 'writing.json.abc.tmp');
    writeFileSync(temporary, '{');
    utimesSync(temporary, clock / 1000, clock / 1000);
    clock += 5000;
    await s.sweep();
    expect(readdirSync(dir)).toEqual(['writing.json.abc.tmp']);
    clock += 120_000;
    await s.sweep();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('reports a failed periodic sweep and goes on serving', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'graphonic-sessions-'));
    dirs.push(dir);
    const failures: unknown[] = [];
    const swept = new FileSessionStore({ dir, sweepIntervalMs: 20, onSweepError: (error) => failures.push(error) });
    try {
      await set(swept, 'sid', data(60_000, { userId: 'demo' }));
      // The folder is gone: every sweep fails, and the process lives on.
      rmSync(dir, { recursive: true, force: true });
      await expect.poll(() => failures.length, { timeout: 2000, interval: 20 }).toBeGreaterThan(0);
      expect(await get(swept, 'sid')).toBeNull();
    } finally {
      await swept.close();
    }
  });

  it('destroys a session for good', async () => {
    const { store: s } = store();
    await set(s, 'sid', data(60_000));
    await destroy(s, 'sid');
    await destroy(s, 'sid');
    expect(await get(s, 'sid')).toBeNull();
  });

  it("extends the expiry on a touch without writing the toucher's older copy", async () => {
    const { store: s } = store();
    await set(s, 'sid', data(60_000, { music: { accessToken: 'fresh' } }));
    // A request that read the session before a refresh touches it with the tokens it read.
    const older = data(180_000, { music: { accessToken: 'spent' } });
    await call((done) => {
      s.touch('sid', older, done);
    });
    const stored = await get(s, 'sid');
    expect(stored).toMatchObject({ music: { accessToken: 'fresh' } });
    expect(new Date((stored?.cookie as { expires?: string } | undefined)?.expires ?? 0).getTime()).toBe(
      clock + 180_000,
    );
  });

  it('writes a touch only once it moves the stored expiry by the interval or more', async () => {
    const first = store();
    const hour = 3_600_000;
    await set(first.store, 'sid', data(hour, { userId: 'demo' }));
    const [name] = readdirSync(first.dir);
    const file = join(first.dir, name ?? '');
    const written = readFileSync(file, 'utf8');
    // As every request does, after a restart too: the session read, then touched with an expiry a little later.
    const { store: s } = store(first.dir);
    clock += 30_000;
    expect(await get(s, 'sid')).toMatchObject({ userId: 'demo' });
    await call((done) => {
      s.touch('sid', data(hour, { userId: 'demo' }), done);
    });
    expect(readFileSync(file, 'utf8')).toBe(written);
    clock += touchAfterMs;
    await call((done) => {
      s.touch('sid', data(hour, { userId: 'demo' }), done);
    });
    expect((JSON.parse(readFileSync(file, 'utf8')) as { expiresAt: number }).expiresAt).toBe(clock + hour);
  });

  it('never brings back a destroyed session on a touch', async () => {
    const { store: s, dir } = store();
    await set(s, 'sid', data(60_000, { music: { accessToken: 'a' } }));
    await destroy(s, 'sid');
    await call((done) => {
      s.touch('sid', data(60_000, { music: { accessToken: 'a' } }), done);
    });
    expect(await get(s, 'sid')).toBeNull();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('applies the writes of one session in the order they were made', async () => {
    const { store: s } = store();
    const writes = Array.from({ length: 20 }, (_, index) =>
      call((done) => {
        if (index === 19) s.destroy('sid', done);
        else if (index % 3 === 2) s.touch('sid', data(60_000), done);
        else s.set('sid', data(60_000, { step: index }), done);
      }),
    );
    await Promise.all(writes);
    expect(await get(s, 'sid')).toBeNull();
    await set(s, 'sid', data(60_000, { step: 'last' }));
    expect(await get(s, 'sid')).toMatchObject({ step: 'last' });
  });

  it("closes once the writes under way have ended, so the last answers' sessions are on disk", async () => {
    const { store: s, dir } = store();
    await set(s, 'touched', data(3 * touchAfterMs, { userId: 'demo' }));
    clock += touchAfterMs;
    const written: unknown[] = [];
    const record = (error?: unknown) => written.push(error ?? 'done');
    // Not waited for, as a stopping server does not wait for the writes that end its last answers.
    s.set('new', data(60_000, { userId: 'ana' }), record);
    s.touch('touched', data(3 * touchAfterMs), record);
    s.set('new', data(60_000, { userId: 'ana', step: 2 }), record);
    await s.close();
    expect(written).toEqual(['done', 'done', 'done']);
    // What a restarted store reads: every write whole, and no temporary file left.
    const restarted = new FileSessionStore({ dir, sweepIntervalMs: 0, touchAfterMs, now: () => clock });
    expect(await get(restarted, 'new')).toMatchObject({ userId: 'ana', step: 2 });
    expect(await get(restarted, 'touched')).toMatchObject({
      userId: 'demo',
      cookie: { expires: new Date(clock + 3 * touchAfterMs).toISOString() },
    });
    expect(readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('treats a corrupt file as no session instead of failing the request', async () => {
    const { store: s, dir } = store();
    await set(s, 'sid', data(60_000));
    const [name] = readdirSync(dir);
    writeFileSync(join(dir, name ?? ''), '{"half');
    expect(await get(s, 'sid')).toBeNull();
  });
});
