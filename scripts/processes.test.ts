import { describe, expect, it } from 'vitest';
import { runCaptured } from './processes';

const node = (script: string) => runCaptured(process.execPath, ['-e', script]);

describe('runCaptured', () => {
  it('keeps the output interleaved as written, and each stream apart', async () => {
    const ran = await node(
      "process.stdout.write('one\\n', () => process.stderr.write('two\\n', () => process.stdout.write('three\\n')))",
    );
    expect(ran).toEqual({ code: 0, output: 'one\ntwo\nthree\n', stdout: 'one\nthree\n', stderr: 'two\n' });
  });

  it('keeps a character whole when its bytes arrive in two chunks', async () => {
    // "é" is two bytes in UTF-8: the first written, then the second once the first has gone.
    const ran = await node(
      'process.stdout.write(Buffer.from([0xc3]), () => setTimeout(() => process.stdout.write(Buffer.from([0xa9])), 50))',
    );
    expect(ran.stdout).toBe('é');
  });

  it('answers the exit code, and 1 for a process ended by a signal', async () => {
    expect((await node('process.exitCode = 3')).code).toBe(3);
    expect((await node("process.kill(process.pid, 'SIGTERM')")).code).toBe(1);
  });

  it('rejects when the command cannot be started', async () => {
    await expect(runCaptured('/nonexistent/command', [])).rejects.toThrow(/ENOENT/);
  });
});
