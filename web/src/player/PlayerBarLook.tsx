import { useLocation } from 'wouter';

/** The player bar's frame: the same before and after its controls have loaded. */
export const playerBarFrame = 'border-t border-white/10 bg-neutral-950 px-3 py-2 md:block md:px-4';

/** On a phone the now-playing view is the full-screen player: the compact bar steps aside for it. */
export const fullScreenPlayer = (location: string) => location === '/now-playing';

/**
 * The player bar while its controls are on their way: an empty bar of the same size, so that the
 * screen does not move when they arrive.
 */
export function PlayerBarLook() {
  const [location] = useLocation();
  return (
    <section
      aria-label="Player"
      aria-busy="true"
      className={`${playerBarFrame} ${fullScreenPlayer(location) ? 'hidden' : ''}`}
    >
      <div className="h-12 md:h-15" />
    </section>
  );
}
