import { parentPort } from 'node:worker_threads';
import { encodeChunk } from './mp3-encode';
import type { RenderReply, RenderRequest } from './pool';

/**
 * A render thread of the pool: synthesises and encodes one chunk per message, off the service's
 * event loop, and hands the bytes back without copying them.
 */
parentPort?.on('message', ({ id, task }: RenderRequest) => {
  let reply: RenderReply;
  try {
    const bytes = encodeChunk(task.spec, task.chunk);
    reply = { id, bytes };
    parentPort?.postMessage(reply, [bytes.buffer]);
  } catch (error) {
    reply = { id, error: error instanceof Error ? error.message : String(error) };
    parentPort?.postMessage(reply);
  }
});
