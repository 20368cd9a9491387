import {
  Component,
  lazy,
  Suspense,
  useCallback,
  useMemo,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { useViewer } from '../app/viewer';
import { useNotify } from '../components/Notifications';
import { PlayerContext, type Player, type PlayTarget } from './context';

type EngineProps = { onPlayer: (player: Player) => void };
type EngineLoader = () => Promise<{ default: ComponentType<EngineProps> }>;

/** The player that commands given before it runs wait for: it arrives, or its code fails to load. */
export interface Waiting {
  promise: Promise<() => Player>;
  resolve: (current: () => Player) => void;
  reject: (error: unknown) => void;
  /** Commands given so far that wait for the player. */
  commands: number;
}

/** A player not there yet, and no command waiting for it. */
export function waiting(): Waiting {
  let resolve: Waiting['resolve'] = () => undefined;
  let reject: Waiting['reject'] = () => undefined;
  const promise = new Promise<() => Player>((done, fail) => {
    resolve = done;
    reject = fail;
  });
  // A command's own caller is told; the promise itself must not report an unhandled rejection.
  promise.catch(() => undefined);
  return { promise, resolve, reject, commands: 0 };
}

/**
 * The player while its code is still on its way: nothing plays yet as far as the screen knows, and a
 * command (a click on a row's play button, say) is carried out as soon as the player runs.
 */
export function pendingPlayer(canControl: boolean, ready: Waiting, failed: () => void): Player {
  const later =
    <Args extends unknown[]>(command: (player: Player, ...args: Args) => Promise<void>) =>
    (...args: Args) => {
      ready.commands += 1;
      return ready.promise.then(
        (current) => command(current(), ...args),
        () => failed(),
      );
    };
  return {
    state: null,
    loading: true,
    live: false,
    livePaused: false,
    canControl,
    browserDeviceId: null,
    browserDeviceRegistering: false,
    positionMs: () => 0,
    audioBlocked: false,
    play: later((player, target?: PlayTarget) => player.play(target)),
    pause: later((player) => player.pause()),
    togglePlay: later((player) => player.togglePlay()),
    next: later((player) => player.next()),
    previous: later((player) => player.previous()),
    seek: later((player, positionMs: number) => player.seek(positionMs)),
    setShuffle: later((player, shuffle: boolean) => player.setShuffle(shuffle)),
    setRepeat: later((player, mode: Parameters<Player['setRepeat']>[0]) => player.setRepeat(mode)),
    setPlaybackSpeed: later((player, speed: number) => player.setPlaybackSpeed(speed)),
    setVolume: later((player, volumePercent: number, deviceId?: string) => player.setVolume(volumePercent, deviceId)),
    transfer: later((player, deviceId: string, play?: boolean) => player.transfer(deviceId, play)),
    addToQueue: later((player, uri: string) => player.addToQueue(uri)),
    isCurrent: () => false,
    refresh: () => undefined,
  };
}

/** Stops a player that could not load from taking the screen down with it. */
class EngineBoundary extends Component<
  { onError: (error: unknown) => void; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    this.props.onError(error);
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

const loadEngine: EngineLoader = () => import('./PlayerProvider');
const DefaultEngine = lazy(loadEngine);

/**
 * Provides the player to the app without making the first screen wait for its code (playback, the
 * browser as a device, media keys): the screen renders at once with a player that has nothing to
 * show yet, and the real one takes its place when its chunk has arrived.
 */
export function PlayerHost({ children, engine }: { children: ReactNode; engine?: ComponentType<EngineProps> }) {
  const { me } = useViewer();
  const notify = useNotify();
  const Engine = engine ?? DefaultEngine;
  const [ready] = useState(waiting);
  const [player, setPlayer] = useState<Player | null>(null);
  // The newest player, for commands that waited for it.
  const latest = useRef<Player | null>(null);
  const onPlayer = useCallback(
    (next: Player) => {
      latest.current = next;
      setPlayer(next);
      ready.resolve(() => latest.current ?? next);
    },
    [ready],
  );
  const failed = useCallback(
    () => notify('The player could not load. Reload the page to play music.', 'error'),
    [notify],
  );
  const onError = useCallback(
    (error: unknown) => {
      // Commands that waited say it themselves; otherwise the listener hears it now, not at their first click.
      if (ready.commands === 0) failed();
      ready.reject(error);
    },
    [ready, failed],
  );
  const pending = useMemo(
    () => pendingPlayer(me.product === 'PREMIUM' || me.product === null, ready, failed),
    [me.product, ready, failed],
  );
  return (
    <>
      <PlayerContext value={player ?? pending}>{children}</PlayerContext>
      <EngineBoundary onError={onError}>
        <Suspense fallback={null}>
          <Engine onPlayer={onPlayer} />
        </Suspense>
      </EngineBoundary>
    </>
  );
}
