import { useEffect, useState, type CSSProperties } from 'react';
import { formatDuration } from '../lib/format';
import { clampPosition } from './position';
import { usePlayer, type PlaybackState } from './context';

/** How often the bar moves while playing: smooth to the eye, cheap to render. */
export const frameMs = 250;

/** The seek bar: elapsed and total time, moving between server updates, and a slider to seek. */
export function SeekBar({ compact = false }: { compact?: boolean }) {
  const player = usePlayer();
  const { state } = player;
  const durationMs = state?.item?.durationMs ?? 0;
  const [, setFrame] = useState(0);
  const [dragging, setDragging] = useState<number | null>(null);
  // A seek just sent shows where it goes until the player's state changes (at once, optimistically).
  const [sent, setSent] = useState<{ positionMs: number; from: PlaybackState | null } | null>(null);
  if (sent && sent.from !== state) setSent(null);

  // While it plays, a new frame now and then moves the bar on; each render reads the position afresh.
  useEffect(() => {
    if (!state?.isPlaying) return;
    const timer = setInterval(() => setFrame((frame) => frame + 1), frameMs);
    return () => clearInterval(timer);
  }, [state]);

  const position = clampPosition(dragging ?? sent?.positionMs ?? player.positionMs(), durationMs);
  const percent = durationMs > 0 ? (position / durationMs) * 100 : 0;
  const commit = () => {
    if (dragging === null) return;
    setSent({ positionMs: dragging, from: state });
    setDragging(null);
    void player.seek(dragging);
  };

  if (compact) {
    return (
      <div className="h-0.5 w-full overflow-hidden rounded-full bg-white/20" aria-hidden="true">
        <div className="h-full bg-white" style={{ width: `${String(percent)}%` }} />
      </div>
    );
  }

  return (
    <div className="flex w-full items-center gap-2 text-xs text-neutral-400 tabular-nums">
      <span className="w-10 shrink-0 text-right">{formatDuration(position)}</span>
      <input
        type="range"
        min={0}
        max={Math.max(1, durationMs)}
        step={1000}
        value={position}
        disabled={!state?.item || !player.canControl}
        aria-label="Seek"
        aria-valuetext={`${formatDuration(position)} of ${formatDuration(durationMs)}`}
        onChange={(event) => setDragging(Number(event.target.value))}
        onPointerUp={commit}
        onKeyUp={commit}
        onBlur={() => setDragging(null)}
        className="range h-1 min-w-0 flex-1"
        style={{ '--range-fill': `${String(percent)}%` } as CSSProperties}
      />
      <span className="w-10 shrink-0">{formatDuration(durationMs)}</span>
    </div>
  );
}
