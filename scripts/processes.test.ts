import { describe, expect, it } from 'vitest';
import { runCaptured } from './processes';

const node = (script: string) => runCaptured(process.execPath, ['-e', script]);

describe('runCaptured', () => {
  it('keeps both streams in the output, and each apart', async () => {
    const ran = await node(
      "process.stdout.write('one\\n', () => process.stderr.write('two\\n', () => process.stdout.write('three\\n')))",
    );
    expect(ran).toMatchObject({ code: 0, stdout: 'one\nthree\n', stderr: 'two\n' });
    // Two pipes are read as their data arrives: the output holds every line, each stream's in its order, but which
    // stream's line comes first when both have data waiting is the order of the reads.
    const lines = ran.output.split('\n').filter(Boolean);
    expect([...lines].sort()).toEqual(['one', 'three', 'two']);
    expect(lines.filter((line) => line !== 'two')).toEqual(['one', 'three']);
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
