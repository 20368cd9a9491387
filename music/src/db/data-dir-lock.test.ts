import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, LOCK_FILE, lockDataDir } from './data-dir-lock';

describe('lockDataDir', () => {
  let dir: string;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'graphonic-lock-'));
  });

  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const lockPath = () => join(dir, LOCK_FILE);

  it('writes this process id, refuses a second lock meanwhile, and removes the file on release', async () => {
    const release = await lockDataDir(dir);
    expect(await readFile(lockPath(), 'utf8')).toBe(String(process.pid));

    const second = lockDataDir(dir);
    await expect(second).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(second).rejects.toThrow(/already open in this process/);

    await release();
    await release();
    await expect(stat(lockPath())).rejects.toMatchObject({ code: 'ENOENT' });
    const again = await lockDataDir(dir);
    await again();
  });

  it('refuses a lock held by another live process', async () => {
    // The parent process (the test runner) is alive and is not this process.
    await writeFile(lockPath(), String(process.ppid));
    await expect(lockDataDir(dir)).rejects.toThrow(new RegExp(`in use by process ${process.ppid}`));
    expect(await readFile(lockPath(), 'utf8')).toBe(String(process.ppid));
  });

  it('takes over a lock left by a process that has exited', async () => {
    const exited = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
      encoding: 'utf8',
    });
    const deadPid = Number(exited.stdout);
    expect(deadPid).toBeGreaterThan(0);
    await writeFile(lockPath(), String(deadPid));

    const release = await lockDataDir(dir);
    expect(await readFile(lockPath(), 'utf8')).toBe(String(process.pid));
    await release();
  });

  it('takes over a lock naming this process id that this process does not hold (a restarted container)', async () => {
    await writeFile(lockPath(), String(process.pid));
    const release = await lockDataDir(dir);
    await expect(lockDataDir(dir)).rejects.toBeInstanceOf(DataDirLockedError);
    await release();
  });

  it('takes over an unreadable lock file', async () => {
    await writeFile(lockPath(), 'garbage');
    const release = await lockDataDir(dir);
    expect(await readFile(lockPath(), 'utf8')).toBe(String(process.pid));
    await release();
  });
});
