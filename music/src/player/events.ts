/**
 * The player's push, in process: every open event stream of a listener subscribes here, and
 * whatever changes their player or devices calls `changed(userId)` once its transaction has
 * committed. Each stream then reads the player afresh and sends it.
 *
 * Order: a stream's reads never overlap. A change that arrives while its read is under way asks
 * for one more read after it (changes that arrive meanwhile share that one), so every read starts
 * after the change that asked for it committed, and a stream never sends a state older than one
 * it sent. Time: a read answers when the next change is due by time alone (the current item
 * ending, a device lapsing); one timer per listener with an open stream fires then. Nothing runs
 * for a listener without streams, and `close()` stops everything.
 */

/**
 * Reads the player and sends it as the event `nextId()` names (the event's time in milliseconds,
 * or one more than the listener's last id: ids only grow); answers when (on the service's clock)
 * the next change is due by time, null when none is, undefined when it sent nothing.
 */
export type Refresh = (nextId: () => number) => Promise<number | null | undefined>;

export interface StreamHandlers {
  refresh: Refresh;
  /** Ends the stream (at shutdown, or when a read fails). */
  end: () => void;
}

export interface Subscription {
  /** Stops this stream's reads; called when the stream closes. */
  close(): void;
}

export interface PlayerEventsOptions {
  /** The service's clock. */
  now: () => number;
  /** The most streams one listener may hold open at once (20 unless given). */
  maxStreamsPerUser?: number;
  /** Told of a read that failed (its stream is then ended). */
  onError?: (error: unknown) => void;
}

interface Stream extends StreamHandlers {
  reading: boolean;
  readAgain: boolean;
  closed: boolean;
}

interface Listener {
  streams: Set<Stream>;
  lastId: number;
  timer: NodeJS.Timeout | undefined;
}

/** A timer fires this long after the predicted instant, so that the change has happened by then. */
const lateByMs = 5;
/** The longest a timer is set for (setTimeout's own limit is about 24.8 days); a read sets it again. */
const longestTimerMs = 3_600_000;

/** Whether a change arrived while the stream read (its flag is set from outside, during the read). */
function wantsAnotherRead(stream: Stream): boolean {
  return stream.readAgain && !stream.closed;
}

export class PlayerEvents {
  readonly maxStreamsPerUser: number;
  private readonly listeners = new Map<string, Listener>();
  private closing = false;

  constructor(private readonly options: PlayerEventsOptions) {
    this.maxStreamsPerUser = options.maxStreamsPerUser ?? 20;
  }

  /**
   * Why a stream of this listener cannot open now: `full` when they hold the most streams
   * allowed, `closing` once the service is stopping; null when it can.
   */
  refusal(userId: string): 'full' | 'closing' | null {
    if (this.closing) return 'closing';
    return (this.listeners.get(userId)?.streams.size ?? 0) >= this.maxStreamsPerUser ? 'full' : null;
  }

  /** Adds a stream and reads for it at once (its first event); throws when `refusal` names a reason. */
  subscribe(userId: string, handlers: StreamHandlers): Subscription {
    const refused = this.refusal(userId);
    if (refused) throw new Error(`A player event stream cannot open: ${refused}`);
    let listener = this.listeners.get(userId);
    if (!listener) {
      listener = { streams: new Set(), lastId: 0, timer: undefined };
      this.listeners.set(userId, listener);
    }
    const stream: Stream = { ...handlers, reading: false, readAgain: false, closed: false };
    listener.streams.add(stream);
    const owner = listener;
    this.read(userId, owner, stream);
    return {
      close: () => {
        this.remove(userId, owner, stream);
      },
    };
  }

  /** The listener's player or devices changed (and the change is committed): every stream of theirs reads. */
  changed(userId: string): void {
    const listener = this.listeners.get(userId);
    if (!listener) return;
    for (const stream of listener.streams) this.read(userId, listener, stream);
  }

  /** Open streams, in all. */
  get openStreams(): number {
    let count = 0;
    for (const listener of this.listeners.values()) count += listener.streams.size;
    return count;
  }

  /** Ends every stream and stops every timer; no stream opens after. */
  close(): void {
    this.closing = true;
    for (const listener of this.listeners.values()) {
      clearTimeout(listener.timer);
      for (const stream of listener.streams) {
        stream.closed = true;
        stream.end();
      }
    }
    this.listeners.clear();
  }

  private remove(userId: string, listener: Listener, stream: Stream): void {
    stream.closed = true;
    listener.streams.delete(stream);
    if (listener.streams.size === 0 && this.listeners.get(userId) === listener) {
      clearTimeout(listener.timer);
      this.listeners.delete(userId);
    }
  }

  private read(userId: string, listener: Listener, stream: Stream): void {
    if (stream.closed) return;
    if (stream.reading) {
      stream.readAgain = true;
      return;
    }
    stream.reading = true;
    void this.readUntilCurrent(userId, listener, stream);
  }

  private async readUntilCurrent(userId: string, listener: Listener, stream: Stream): Promise<void> {
    try {
      do {
        stream.readAgain = false;
        const dueAt = await stream.refresh(() => {
          listener.lastId = Math.max(listener.lastId + 1, Math.floor(this.options.now()));
          return listener.lastId;
        });
        if (!stream.closed && dueAt !== undefined) this.planTimer(userId, listener, dueAt);
      } while (wantsAnotherRead(stream));
    } catch (error) {
      this.options.onError?.(error);
      if (!stream.closed) {
        this.remove(userId, listener, stream);
        stream.end();
      }
    } finally {
      stream.reading = false;
    }
  }

  /** The listener's one timer, set from the latest read: it asks every stream to read at `dueAt`. */
  private planTimer(userId: string, listener: Listener, dueAt: number | null): void {
    clearTimeout(listener.timer);
    listener.timer = undefined;
    if (dueAt === null || this.listeners.get(userId) !== listener) return;
    const delay = Math.min(longestTimerMs, Math.max(lateByMs, dueAt - this.options.now() + lateByMs));
    listener.timer = setTimeout(() => {
      listener.timer = undefined;
      this.changed(userId);
    }, delay);
    // The open streams keep the process alive, not the timer.
    listener.timer.unref();
  }
}
