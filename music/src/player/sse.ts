import type { Response } from 'express';

/**
 * A server-sent event stream (`text/event-stream`) on an HTTP answer: events with a name, an id
 * and JSON data, and a comment every `keepAliveMs` so that proxies and clients see it alive.
 */
export class EventStream {
  private readonly keepAlive: NodeJS.Timeout;
  private ended = false;
  private readonly closeHandlers: (() => void)[] = [];

  constructor(
    private readonly res: Response,
    keepAliveMs: number,
  ) {
    res.status(200).set({
      'Content-Type': 'text/event-stream; charset=utf-8',
      // Every event is news: nothing may keep or replay it.
      'Cache-Control': 'no-store',
      // Nginx would otherwise buffer the stream and deliver events late, in batches.
      'X-Accel-Buffering': 'no',
    });
    res.flushHeaders();
    this.keepAlive = setInterval(() => this.write(': keep-alive\n\n'), keepAliveMs);
    res.on('close', () => {
      this.stop();
    });
  }

  get isOpen(): boolean {
    return !this.ended;
  }

  /** Runs `handler` once when the stream ends, whichever side ends it. */
  onClose(handler: () => void): void {
    if (this.ended) handler();
    else this.closeHandlers.push(handler);
  }

  send(event: string, id: number, data: unknown): void {
    this.write(`event: ${event}\nid: ${id}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  end(): void {
    if (this.ended) return;
    this.stop();
    this.res.end();
  }

  private write(text: string): void {
    if (!this.ended) this.res.write(text);
  }

  private stop(): void {
    if (this.ended) return;
    this.ended = true;
    clearInterval(this.keepAlive);
    for (const handler of this.closeHandlers.splice(0)) handler();
  }
}
