import { act, render, screen } from '@testing-library/react';
import { lazy, useEffect, type ComponentType } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ViewerProvider } from '../app/viewer';
import { NotificationsProvider } from '../components/Notifications';
import { testViewer } from '../search/test-support';
import { usePlayer, type Player } from './context';
import { PlayerHost } from './PlayerHost';

type EngineProps = { onPlayer: (player: Player) => void };

/** An engine whose code arrives (or fails to) when the test says so. */
function controlledEngine(player: Partial<Player>) {
  let settle: (outcome: { default: ComponentType<EngineProps> } | Error) => void = () => undefined;
  const arrival = new Promise<{ default: ComponentType<EngineProps> }>((resolve, reject) => {
    settle = (outcome) => (outcome instanceof Error ? reject(outcome) : resolve(outcome));
  });
  function Engine({ onPlayer }: EngineProps) {
    useEffect(() => onPlayer({ ...(player as Player) }), [onPlayer]);
    return null;
  }
  return {
    Engine: lazy(() => arrival),
    arrive: () =>
      act(async () => {
        settle({ default: Engine });
        await arrival;
      }),
    fail: () =>
      act(async () => {
        settle(new Error('Failed to fetch dynamically imported module'));
        await arrival.catch(() => undefined);
      }),
  };
}

function Screen() {
  const player = usePlayer();
  return (
    <div>
      <p>{player.loading ? 'Player on its way' : `Playing ${player.state?.item?.name ?? 'nothing'}`}</p>
      <button type="button" onClick={() => void player.play({ contextUri: 'spotify:album:a1' })}>
        Play album
      </button>
    </div>
  );
}

function renderHost(Engine: ComponentType<EngineProps>) {
  render(
    <ViewerProvider viewer={testViewer()}>
      <NotificationsProvider>
        <PlayerHost engine={Engine}>
          <Screen />
        </PlayerHost>
      </NotificationsProvider>
    </ViewerProvider>,
  );
}

describe('PlayerHost', () => {
  it('renders the screen before the player has loaded, and carries out a command given meanwhile', async () => {
    const play = vi.fn(() => Promise.resolve());
    const { Engine, arrive } = controlledEngine({
      loading: false,
      state: { item: { name: 'Song A' } } as Player['state'],
      play,
    });
    renderHost(Engine);
    expect(screen.getByText('Player on its way')).toBeTruthy();
    act(() => screen.getByRole('button', { name: 'Play album' }).click());
    expect(play).not.toHaveBeenCalled();
    await arrive();
    expect(screen.getByText('Playing Song A')).toBeTruthy();
    expect(play).toHaveBeenCalledExactlyOnceWith({ contextUri: 'spotify:album:a1' });
    // Once the player runs, the screen's commands go straight to it.
    act(() => screen.getByRole('button', { name: 'Play album' }).click());
    expect(play).toHaveBeenCalledTimes(2);
  });

  it('keeps the screen and says so in plain words when the player cannot load', async () => {
    const { Engine, fail } = controlledEngine({});
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderHost(Engine);
    act(() => screen.getByRole('button', { name: 'Play album' }).click());
    await fail();
    quiet.mockRestore();
    expect(screen.getByText('Player on its way')).toBeTruthy();
    // One message, though the listener's click also waited for the player.
    expect(await screen.findAllByText('The player could not load. Reload the page to play music.')).toHaveLength(1);
  });

  it('says so at once when the player cannot load and nothing waited for it', async () => {
    const { Engine, fail } = controlledEngine({});
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderHost(Engine);
    await fail();
    quiet.mockRestore();
    expect(await screen.findAllByText('The player could not load. Reload the page to play music.')).toHaveLength(1);
  });
});
