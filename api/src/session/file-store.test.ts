import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type session from 'express-session';
import { afterEach, describe, expect, it } from 'vitest';
import { FileSessionStore } from './file-store';

const dirs: string[] = [];
let clock = Date.parse('2026-11-22T10:00:00Z');

function store(dir = mkdtempSync(join(tmpdir(), 'graphonic-sessions-'))): { store: FileSessionStore; dir: string } {
  dirs.push(dir);
  return { store: new FileSessionStore({ dir, sweepIntervalMs: 0, now: () => clock }), dir };
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
    clock += 2000;
    expect(await get(s, 'short')).toBeNull();
    expect(await length(s)).toBe(2);
    clock += 120_000;
    expect(await s.sweep()).toBe(1);
    expect(readdirSync(dir)).toHaveLength(1);
    expect(await get(s, 'no-expiry')).not.toBeNull();
  });

  it('destroys a session for good', async () => {
    const { store: s } = store();
    await set(s, 'sid', data(60_000));
    await destroy(s, 'sid');
    await destroy(s, 'sid');
    expect(await get(s, 'sid')).toBeNull();
  });

  it('treats a corrupt file as no session instead of failing the request', async () => {
    const { store: s, dir } = store();
    await set(s, 'sid', data(60_000));
    const [name] = readdirSync(dir);
    writeFileSync(join(dir, name ?? ''), '{"half');
    expect(await get(s, 'sid')).toBeNull();
  });
});
