/**
 * The player's rules, as pure functions over a state value: playback progresses with time,
 * a finished item gives way to the next from the queue or the context (honouring shuffle and
 * repeat), and every item that was really listened to becomes a play in the listening history.
 * Storage and HTTP live elsewhere; here time is a parameter, so every rule is testable.
 */

export type RepeatState = 'off' | 'track' | 'context';

export interface PlayerContext {
  /** `spotify:album:…`, `spotify:playlist:…`, `spotify:artist:…`, `spotify:show:…`, or null for a list of uris. */
  uri: string | null;
  /** The playable items of the context, in order. */
  items: string[];
}

export interface PlayerState {
  deviceId: string | null;
  context: PlayerContext | null;
  /** The item playing now, or null when nothing was ever played. */
  itemUri: string | null;
  /**
   * The context index most recently played: the current item's, or, while an item from the
   * queue plays, the one the context resumes after.
   */
  contextIndex: number | null;
  /** Whether the current item came from the queue rather than the context. */
  fromQueue: boolean;
  /** The position in the item at `updatedAt`; it moves at `effectiveRate` from then while playing. */
  positionMs: number;
  updatedAt: number;
  /**
   * The listener's playback speed for episodes (one of `playbackRates`); tracks always play at 1.
   * States stored before there was a speed have none: they play at 1.
   */
  rate?: number;
  isPlaying: boolean;
  shuffle: boolean;
  /** The play order of the context's indices while shuffled. */
  shuffleOrder: number[] | null;
  repeat: RepeatState;
  volumePercent: number;
  /** Items added with "add to queue"; they play before the context continues. */
  queue: string[];
}

export interface Play {
  uri: string;
  contextUri: string | null;
  /** When the play ended (finished or skipped), as Spotify's `played_at`. */
  playedAt: number;
}

export interface Step {
  state: PlayerState;
  /** Plays completed by this step, oldest first. */
  plays: Play[];
}

/** How long an item lasts; unknown items count as zero, so they are skipped. */
export type DurationOf = (uri: string) => number;

/** The playback speeds a listener can choose for episodes, as Spotify's players offer them. */
export const playbackRates = [0.5, 0.8, 1, 1.2, 1.5, 2, 2.5, 3, 3.5] as const;

/** Whether the URI is an episode's: the only items that play at the listener's speed. */
export function isEpisodeUri(uri: string | null): boolean {
  return uri?.startsWith('spotify:episode:') === true;
}

/** The listener's chosen speed (1 for a state stored before there was one). */
export function rateOf(state: Pick<PlayerState, 'rate'>): number {
  return state.rate ?? 1;
}

/** How fast the current item's position moves against the clock: the listener's speed for an episode, 1 for a track. */
export function effectiveRate(state: Pick<PlayerState, 'rate' | 'itemUri'>): number {
  return isEpisodeUri(state.itemUri) ? rateOf(state) : 1;
}

/** A skip counts as a play once this much of an item was heard, as streaming services count. */
export const minimumPlayMs = 30_000;
/** "Previous" restarts the current item when more than this much of it has played. */
export const restartThresholdMs = 3_000;

export function emptyState(now: number): PlayerState {
  return {
    deviceId: null,
    context: null,
    itemUri: null,
    contextIndex: null,
    fromQueue: false,
    positionMs: 0,
    updatedAt: now,
    rate: 1,
    isPlaying: false,
    shuffle: false,
    shuffleOrder: null,
    repeat: 'off',
    volumePercent: 100,
    queue: [],
  };
}

/** The position now, without moving past the end of the item. */
export function progressAt(state: PlayerState, now: number, durationOf: DurationOf): number {
  if (!state.itemUri) return 0;
  const duration = durationOf(state.itemUri);
  const elapsed = state.isPlaying ? Math.max(0, now - state.updatedAt) * effectiveRate(state) : 0;
  return Math.min(duration, state.positionMs + elapsed);
}

/** The clock time (milliseconds since `updatedAt`) the rest of the item takes at the state's speed. */
function remainingClockMs(state: PlayerState, duration: number): number {
  return Math.max(0, duration - state.positionMs) / effectiveRate(state);
}

/** When the current item ends if nothing else happens (milliseconds since the epoch), or null while nothing plays. */
export function itemEndsAt(state: PlayerState, durationOf: DurationOf): number | null {
  if (!state.isPlaying || !state.itemUri) return null;
  return state.updatedAt + remainingClockMs(state, durationOf(state.itemUri));
}

/** A random permutation of `0..n-1` that starts with `first` (the item playing when shuffle turned on). */
export function shuffledOrder(n: number, first: number | null, random: () => number): number[] {
  const order = Array.from({ length: n }, (_, index) => index);
  for (let i = n - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j] ?? 0, order[i] ?? 0];
  }
  if (first !== null) {
    const at = order.indexOf(first);
    if (at > 0) [order[0], order[at]] = [order[at] ?? 0, order[0] ?? 0];
  }
  return order;
}

/** The context index that follows `index` in play order, or null at the end. */
function followingIndex(state: PlayerState, index: number | null, direction: 1 | -1): number | null {
  const length = state.context?.items.length ?? 0;
  if (length === 0) return null;
  const order = state.shuffle && state.shuffleOrder?.length === length ? state.shuffleOrder : null;
  const position = index === null ? -1 : order ? order.indexOf(index) : index;
  let next = position + direction;
  if (next >= length || next < 0) {
    if (state.repeat !== 'context') return null;
    next = (next + length) % length;
  }
  return order ? (order[next] ?? null) : next;
}

function startItem(
  state: PlayerState,
  uri: string,
  contextIndex: number | null,
  at: number,
  fromQueue: boolean,
): PlayerState {
  return { ...state, itemUri: uri, contextIndex, fromQueue, positionMs: 0, updatedAt: at, isPlaying: true };
}

/** Moves to the next item (from the queue first, then the context). Null when nothing follows. */
function nextItem(state: PlayerState, at: number): PlayerState | null {
  const [queued, ...rest] = state.queue;
  if (queued !== undefined) {
    // The context index stays, so the context resumes after the queued items.
    return { ...startItem(state, queued, state.contextIndex, at, true), queue: rest };
  }
  const index = followingIndex(state, state.contextIndex, 1);
  if (index === null) return null;
  const uri = state.context?.items[index];
  return uri === undefined ? null : startItem(state, uri, index, at, false);
}

/**
 * Brings the state up to `now`: items that ended give way to the next ones, and each item that
 * ended becomes a play. At the end of the context with repeat off, playback stops.
 */
export function advance(state: PlayerState, now: number, durationOf: DurationOf): Step {
  const plays: Play[] = [];
  let current = state;
  // Bounded: a context of zero-length items cannot spin forever.
  for (let guard = 0; guard < 10_000 && current.isPlaying && current.itemUri; guard += 1) {
    const duration = durationOf(current.itemUri);
    const endsAt = current.updatedAt + remainingClockMs(current, duration);
    if (endsAt > now) break;
    if (duration > 0) plays.push({ uri: current.itemUri, contextUri: current.context?.uri ?? null, playedAt: endsAt });
    if (current.repeat === 'track') {
      current = { ...current, positionMs: 0, updatedAt: endsAt };
      continue;
    }
    const next = nextItem(current, endsAt);
    if (!next) {
      current = { ...current, positionMs: duration, updatedAt: endsAt, isPlaying: false };
      break;
    }
    current = next;
  }
  return { state: current, plays };
}

/** A play for the item being left now, when enough of it was heard. */
function skippedPlay(state: PlayerState, now: number, durationOf: DurationOf): Play[] {
  if (!state.itemUri) return [];
  const heard = progressAt(state, now, durationOf);
  return heard >= minimumPlayMs ? [{ uri: state.itemUri, contextUri: state.context?.uri ?? null, playedAt: now }] : [];
}

export interface PlayRequest {
  context?: PlayerContext;
  /** Start at this index of the context (offset.position) … */
  offsetIndex?: number;
  positionMs?: number;
  deviceId?: string;
}

export class PlayerRuleError extends Error {
  constructor(
    readonly reason:
      | 'NO_ACTIVE_DEVICE'
      | 'NO_NEXT_TRACK'
      | 'NO_PREV_TRACK'
      | 'NOT_PLAYING_CONTEXT'
      | 'NO_SPECIFIC_TRACK',
    message: string,
  ) {
    super(message);
    this.name = 'PlayerRuleError';
  }
}

/** Starts a context (or a list of uris), or resumes when the request names nothing. */
export function play(
  state: PlayerState,
  request: PlayRequest,
  now: number,
  durationOf: DurationOf,
  random: () => number = Math.random,
): Step {
  const { state: current, plays } = advance(state, now, durationOf);
  const deviceId = request.deviceId ?? current.deviceId;
  if (!deviceId) throw new PlayerRuleError('NO_ACTIVE_DEVICE', 'Player command failed: No active device found');
  if (!request.context) {
    if (!current.itemUri) throw new PlayerRuleError('NO_SPECIFIC_TRACK', 'Player command failed: Nothing to resume');
    const position = request.positionMs ?? progressAt(current, now, durationOf);
    const ended = position >= durationOf(current.itemUri);
    const resumed = { ...current, deviceId, positionMs: ended ? 0 : position, updatedAt: now, isPlaying: true };
    return { state: resumed, plays };
  }
  const { context } = request;
  const index = request.offsetIndex ?? 0;
  const uri = context.items[index];
  if (uri === undefined)
    throw new PlayerRuleError('NO_SPECIFIC_TRACK', 'Player command failed: The offset is outside the context');
  const left = skippedPlay(current, now, durationOf);
  const shuffleOrder = current.shuffle ? shuffledOrder(context.items.length, index, random) : null;
  const started: PlayerState = {
    ...current,
    deviceId,
    context,
    itemUri: uri,
    contextIndex: index,
    fromQueue: false,
    positionMs: Math.min(request.positionMs ?? 0, durationOf(uri)),
    updatedAt: now,
    isPlaying: true,
    shuffleOrder,
  };
  return { state: started, plays: [...plays, ...left] };
}

export function pause(state: PlayerState, now: number, durationOf: DurationOf): Step {
  const { state: current, plays } = advance(state, now, durationOf);
  requireDevice(current);
  return {
    state: { ...current, positionMs: progressAt(current, now, durationOf), updatedAt: now, isPlaying: false },
    plays,
  };
}

export function next(state: PlayerState, now: number, durationOf: DurationOf): Step {
  const { state: current, plays } = advance(state, now, durationOf);
  requireDevice(current);
  const left = skippedPlay(current, now, durationOf);
  const moved = nextItem({ ...current, repeat: current.repeat === 'track' ? 'context' : current.repeat }, now);
  if (!moved) {
    // At the end with repeat off: stop at the end of the last item, as a finished context does.
    const end = current.itemUri ? durationOf(current.itemUri) : 0;
    return { state: { ...current, positionMs: end, updatedAt: now, isPlaying: false }, plays: [...plays, ...left] };
  }
  return { state: { ...moved, repeat: current.repeat, isPlaying: true }, plays: [...plays, ...left] };
}

export function previous(state: PlayerState, now: number, durationOf: DurationOf): Step {
  const { state: current, plays } = advance(state, now, durationOf);
  requireDevice(current);
  const heard = progressAt(current, now, durationOf);
  // From a queued item, "previous" goes back to the context item it interrupted.
  const index =
    current.fromQueue || current.contextIndex === null
      ? current.contextIndex
      : followingIndex(current, current.contextIndex, -1);
  const uri = index === null ? undefined : current.context?.items[index];
  if (heard > restartThresholdMs || uri === undefined || index === null) {
    return { state: { ...current, positionMs: 0, updatedAt: now, isPlaying: true }, plays };
  }
  return {
    state: startItem(current, uri, index, now, false),
    plays: [...plays, ...skippedPlay(current, now, durationOf)],
  };
}

/** Seeks; a position past the end moves to the next item. */
export function seek(state: PlayerState, positionMs: number, now: number, durationOf: DurationOf): Step {
  const { state: current, plays } = advance(state, now, durationOf);
  requireDevice(current);
  if (!current.itemUri) throw new PlayerRuleError('NO_SPECIFIC_TRACK', 'Player command failed: Nothing is playing');
  if (positionMs >= durationOf(current.itemUri)) {
    const step = next(current, now, durationOf);
    return { state: step.state, plays: [...plays, ...step.plays] };
  }
  return { state: { ...current, positionMs: Math.max(0, positionMs), updatedAt: now }, plays };
}

export function setShuffle(
  state: PlayerState,
  on: boolean,
  now: number,
  durationOf: DurationOf,
  random: () => number = Math.random,
): Step {
  const { state: current, plays } = advance(state, now, durationOf);
  requireDevice(current);
  const length = current.context?.items.length ?? 0;
  const shuffleOrder = on && length > 0 ? shuffledOrder(length, current.contextIndex, random) : null;
  return { state: { ...current, shuffle: on, shuffleOrder }, plays };
}

export function setRepeat(state: PlayerState, repeat: RepeatState, now: number, durationOf: DurationOf): Step {
  const { state: current, plays } = advance(state, now, durationOf);
  requireDevice(current);
  return { state: { ...current, repeat }, plays };
}

export function setVolume(state: PlayerState, volumePercent: number, now: number, durationOf: DurationOf): Step {
  const { state: current, plays } = advance(state, now, durationOf);
  requireDevice(current);
  return { state: { ...current, volumePercent: Math.max(0, Math.min(100, Math.round(volumePercent))) }, plays };
}

/** Playback speed applies to episodes only: a track always plays at 1. */
export class NotAnEpisodeError extends Error {
  constructor() {
    super('Player command failed: Playback speed applies to episodes only');
    this.name = 'NotAnEpisodeError';
  }
}

/**
 * Sets the listener's playback speed for episodes. The position is rebased first (where the episode
 * stands now becomes `positionMs` at `now`), so it moves on at the new speed from here and nothing jumps.
 * Only while an episode is the current item: a track always plays at 1.
 */
export function setRate(state: PlayerState, rate: number, now: number, durationOf: DurationOf): Step {
  const { state: current, plays } = advance(state, now, durationOf);
  requireDevice(current);
  if (!current.itemUri) throw new PlayerRuleError('NO_SPECIFIC_TRACK', 'Player command failed: Nothing is playing');
  if (!isEpisodeUri(current.itemUri)) throw new NotAnEpisodeError();
  return {
    state: { ...current, positionMs: progressAt(current, now, durationOf), updatedAt: now, rate },
    plays,
  };
}

export function addToQueue(state: PlayerState, uri: string, now: number, durationOf: DurationOf): Step {
  const { state: current, plays } = advance(state, now, durationOf);
  requireDevice(current);
  return { state: { ...current, queue: [...current.queue, uri] }, plays };
}

/**
 * Takes the item at `position` of the listener's own queue out of it, or, with no position, empties the
 * queue; the context's items are not the queue's and stay. `uri` must be what the position holds, so that
 * a queue that moved on since it was read never loses the wrong item.
 */
export function removeFromQueue(
  state: PlayerState,
  target: { position: number; uri: string } | null,
  now: number,
  durationOf: DurationOf,
): Step {
  const { state: current, plays } = advance(state, now, durationOf);
  if (!target) return { state: { ...current, queue: [] }, plays };
  if (current.queue[target.position] !== target.uri) {
    throw new QueueMismatchError(
      `Invalid position: position ${String(target.position)} of the queue does not hold ${target.uri}`,
    );
  }
  return { state: { ...current, queue: current.queue.filter((_, index) => index !== target.position) }, plays };
}

/** A removal from the queue named a position that does not hold the item named (the queue moved on). */
export class QueueMismatchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'QueueMismatchError';
  }
}

/** Moves playback to another device, keeping the position; `play` decides whether it plays there. */
export function transfer(
  state: PlayerState,
  deviceId: string,
  playThere: boolean | undefined,
  now: number,
  durationOf: DurationOf,
): Step {
  const { state: current, plays } = advance(state, now, durationOf);
  const position = progressAt(current, now, durationOf);
  const isPlaying = playThere === undefined ? current.isPlaying : playThere && current.itemUri !== null;
  return { state: { ...current, deviceId, positionMs: position, updatedAt: now, isPlaying }, plays };
}

/** The items that will play next: the queue, then the context in play order (at most `limit`). */
export function upNext(state: PlayerState, limit = 20): string[] {
  const upcoming = [...state.queue];
  let index = state.contextIndex;
  const seen = new Set<number>();
  while (upcoming.length < limit) {
    const following = followingIndex(state, index, 1);
    if (following === null || seen.has(following)) break;
    seen.add(following);
    const uri = state.context?.items[following];
    if (uri !== undefined) upcoming.push(uri);
    index = following;
  }
  return upcoming.slice(0, limit);
}

function requireDevice(state: PlayerState): void {
  if (!state.deviceId) throw new PlayerRuleError('NO_ACTIVE_DEVICE', 'Player command failed: No active device found');
}
