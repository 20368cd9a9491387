import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import session from 'express-session';

/**
 * The embedded session store: one JSON file per session in a folder, so sessions survive a
 * restart with no server to run. Files are named by a hash of the session id (a directory
 * listing reveals no usable id), written atomically (a crash never leaves half a session) and
 * readable by the owner only (they hold the user's music tokens). Expired sessions are
 * removed when read and by a periodic sweep.
 *
 * Writes of one session are queued, so they never interleave. A touch (express-session's
 * sliding expiry at the end of every request that changed nothing) extends the expiry of what
 * is stored and never writes the request's own copy, which may be older than the store's: a
 * request that began before a concurrent token refresh must not bring the spent tokens back,
 * and one that ends after sign-out must not bring the session back. A touch that would move the
 * stored expiry by less than `touchAfterMs` writes nothing: a screen's requests do not each
 * rewrite the file, and the stored expiry trails the cookie's by at most that much.
 */
export interface FileStoreOptions {
  dir: string;
  /** For sessions whose cookie has no expiry. Default 14 days. */
  ttlMs?: number;
  /** How far a touch must move a session's stored expiry before it is written. Default 10 minutes. */
  touchAfterMs?: number;
  /** How often expired files are removed. Default 10 minutes; 0 turns the sweep off. */
  sweepIntervalMs?: number;
  /** Told when a periodic sweep fails (the folder gone, a full disk); the store goes on serving. */
  onSweepError?: (error: unknown) => void;
  now?: () => number;
}

/** A temporary file this old belongs to a write that was interrupted, never to one under way. */
const abandonedWriteMs = 60_000;
/** How many sessions' stored expiries the store keeps in mind; a touch of one it forgot reads and writes. */
const rememberedExpiries = 10_000;

interface Stored {
  expiresAt: number;
  session: session.SessionData;
}

type Callback = (error?: unknown) => void;

function isMissing(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 'ENOENT';
}

export class FileSessionStore extends session.Store {
  private readonly dir: string;
  private readonly ttlMs: number;
  private readonly touchAfterMs: number;
  private readonly now: () => number;
  private readonly sweeper: NodeJS.Timeout | undefined;
  /** The last queued write of each session with writes under way. */
  private readonly writes = new Map<string, Promise<unknown>>();
  /** The stored expiry of the sessions read or written last, by file, the most recent last. */
  private readonly expiries = new Map<string, number>();

  constructor(options: FileStoreOptions) {
    super();
    this.dir = options.dir;
    this.ttlMs = options.ttlMs ?? 14 * 24 * 60 * 60 * 1000;
    this.touchAfterMs = options.touchAfterMs ?? 10 * 60 * 1000;
    this.now = options.now ?? Date.now;
    // Owner-only: the folder holds access and refresh tokens.
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    const interval = options.sweepIntervalMs ?? 10 * 60 * 1000;
    if (interval > 0) {
      this.sweeper = setInterval(() => {
        // Not an 'error' event: express-session does not listen for one, and an unheard 'error' ends the process.
        this.sweep().catch((error: unknown) => options.onSweepError?.(error));
      }, interval);
      this.sweeper.unref();
    }
  }

  private file(sid: string): string {
    return join(this.dir, `${createHash('sha256').update(sid).digest('hex')}.json`);
  }

  private expiryOf(data: session.SessionData): number {
    // The cookie's absolute expiry, as express-session stores it (its typings mark the setter deprecated).
    const { expires } = data.cookie as { expires?: Date | string | null };
    const at = expires ? new Date(expires).getTime() : Number.NaN;
    return Number.isFinite(at) ? at : this.now() + this.ttlMs;
  }

  private async read(path: string): Promise<Stored | null> {
    try {
      return JSON.parse(await readFile(path, 'utf8')) as Stored;
    } catch (error) {
      if (isMissing(error) || error instanceof SyntaxError) return null;
      throw error;
    }
  }

  private async write(sid: string, data: session.SessionData): Promise<void> {
    const path = this.file(sid);
    const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
    const stored: Stored = { expiresAt: this.expiryOf(data), session: data };
    await writeFile(temporary, JSON.stringify(stored), { mode: 0o600 });
    await rename(temporary, path);
    this.remember(path, stored.expiresAt);
  }

  private remember(path: string, expiresAt: number): void {
    this.expiries.delete(path);
    this.expiries.set(path, expiresAt);
    if (this.expiries.size > rememberedExpiries) {
      const [oldest] = this.expiries.keys();
      if (oldest !== undefined) this.expiries.delete(oldest);
    }
  }

  override get(sid: string, callback: (error: unknown, session?: session.SessionData | null) => void): void {
    const path = this.file(sid);
    this.read(path)
      .then(async (stored) => {
        if (!stored || stored.expiresAt <= this.now()) {
          this.expiries.delete(path);
          if (stored) await rm(path, { force: true });
          return null;
        }
        this.remember(path, stored.expiresAt);
        return stored.session;
      })
      .then(
        (data) => {
          callback(null, data);
        },
        (error: unknown) => {
          callback(error);
        },
      );
  }

  /** Runs `task` after the writes of `sid` queued before it. */
  private queue(sid: string, task: () => Promise<void>, callback?: Callback): void {
    const run = (this.writes.get(sid) ?? Promise.resolve()).then(task);
    const settled = run.catch(() => undefined);
    this.writes.set(sid, settled);
    void settled.then(() => {
      if (this.writes.get(sid) === settled) this.writes.delete(sid);
    });
    run.then(
      () => callback?.(),
      (error: unknown) => callback?.(error),
    );
  }

  override set(sid: string, data: session.SessionData, callback?: Callback): void {
    this.queue(sid, () => this.write(sid, data), callback);
  }

  override touch(sid: string, data: session.SessionData, callback?: Callback): void {
    const path = this.file(sid);
    const stored = this.expiries.get(path);
    if (stored !== undefined && this.expiryOf(data) - stored < this.touchAfterMs) {
      // Nothing written: the stored expiry is close enough to the one asked for.
      callback?.();
      return;
    }
    this.queue(
      sid,
      async () => {
        const current = await this.read(path);
        // Destroyed or expired meanwhile: a touch never brings a session back.
        if (!current || current.expiresAt <= this.now()) return;
        await this.write(sid, { ...current.session, cookie: data.cookie });
      },
      callback,
    );
  }

  override destroy(sid: string, callback?: Callback): void {
    const path = this.file(sid);
    this.expiries.delete(path);
    this.queue(sid, () => rm(path, { force: true }), callback);
  }

  override length(callback: (error: unknown, length?: number) => void): void {
    this.liveFiles().then(
      (files) => {
        callback(null, files.length);
      },
      (error: unknown) => {
        callback(error);
      },
    );
  }

  override clear(callback?: Callback): void {
    this.expiries.clear();
    readdir(this.dir)
      .then((names) => Promise.all(names.map((name) => rm(join(this.dir, name), { force: true }))))
      .then(
        () => callback?.(),
        (error: unknown) => callback?.(error),
      );
  }

  /** Removes expired sessions and leftovers of interrupted writes; resolves with how many went. */
  async sweep(): Promise<number> {
    const names = await readdir(this.dir);
    let removed = 0;
    for (const name of names) {
      const path = join(this.dir, name);
      if (name.endsWith('.tmp')) {
        // A write under way renames its temporary file in a moment: only leftovers of interrupted ones go.
        const written = await stat(path).then(
          (stats) => stats.mtimeMs,
          () => Number.POSITIVE_INFINITY,
        );
        if (this.now() - written > abandonedWriteMs) await rm(path, { force: true });
        continue;
      }
      const stored = await this.read(path);
      if (!stored || stored.expiresAt <= this.now()) {
        this.expiries.delete(path);
        await rm(path, { force: true });
        removed += 1;
      }
    }
    return removed;
  }

  private async liveFiles(): Promise<string[]> {
    const names = (await readdir(this.dir)).filter((name) => name.endsWith('.json'));
    const live: string[] = [];
    for (const name of names) {
      const stored = await this.read(join(this.dir, name));
      if (stored && stored.expiresAt > this.now()) live.push(name);
    }
    return live;
  }

  /**
   * Stops the sweep, so a process can exit, and resolves once the writes under way have ended: a session
   * written or touched by the last answers is on disk before the process stops.
   */
  async close(): Promise<void> {
    if (this.sweeper) clearInterval(this.sweeper);
    // Each queued write is settled whatever its outcome (its caller was told); a write queued meanwhile is waited
    // for too.
    while (this.writes.size > 0) await Promise.all(this.writes.values());
  }
}
