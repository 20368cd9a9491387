import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';

/** Runs a command to completion, streaming its output; resolves with its exit code. */
export function run(command: string, args: string[], options: SpawnOptions = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', ...options });
    child.once('error', reject);
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/**
 * Runs a command to completion with its output kept rather than streamed, so that commands run side by side can be
 * shown one after another: `output` holds stdout and stderr interleaved as they were read, `stdout` and `stderr` each
 * apart. Each is decoded once whole, so a character split between two chunks stays whole.
 */
export function runCaptured(
  command: string,
  args: string[],
  options: SpawnOptions = {},
): Promise<{ code: number; output: string; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: { chunk: Buffer; fromStdout: boolean }[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push({ chunk, fromStdout: true }));
    child.stderr.on('data', (chunk: Buffer) => chunks.push({ chunk, fromStdout: false }));
    child.once('error', reject);
    const text = (kept: typeof chunks) => Buffer.concat(kept.map(({ chunk }) => chunk)).toString('utf8');
    child.once('close', (code, signal) =>
      resolve({
        code: code ?? (signal ? 1 : 0),
        output: text(chunks),
        stdout: text(chunks.filter(({ fromStdout }) => fromStdout)),
        stderr: text(chunks.filter(({ fromStdout }) => !fromStdout)),
      }),
    );
  });
}

/** Waits until `url` answers 2xx, or rejects after `timeoutMs`. */
export async function waitForHttp(url: string, timeoutMs: number, child?: ChildProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child && child.exitCode !== null) throw new Error(`${url}: the process exited with code ${child.exitCode}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(1000) });
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
