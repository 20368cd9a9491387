import type { ApolloClient } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { ArrowPathIcon, InformationCircleIcon } from '@heroicons/react/24/outline';
import { useEffect, useRef } from 'react';
import { graphql } from '../__generated__';
import type { DevicesPageQuery } from '../__generated__/graphql';
import { startQuery } from '../app/screens';
import { useViewer } from '../app/viewer';
import { EmptyState, ErrorState, LoadingScreen, Skeleton } from '../components/States';
import { DeviceIcon, orderDevices, playsOn } from '../player/DeviceList';
import { premiumNote } from '../player/PlayerControls';
import { usePlayer } from '../player/context';
import { useForgetDevice } from '../player/useForgetDevice';
import { VolumeSlider } from '../player/Volume';

export const DevicesPageQueryDocument = graphql(`
  query DevicesPage {
    player {
      devices {
        id
        name
        type
        isActive
        isRestricted
        registeredByClient
        volumePercent
        supportsVolume
      }
    }
  }
`);

type Device = DevicesPageQuery['player']['devices'][number];

/** Starts this screen's query with the app's first one (see app/screens.ts). */
export function preload(client: ApolloClient): void {
  startQuery(client, DevicesPageQueryDocument, {});
}

/** How often the list is read again while it shows and no live connection pushes it: devices come and go. */
const pollMs = 15_000;

function DevicesSkeleton() {
  return (
    <LoadingScreen label="Looking for your devices…">
      <ul className="space-y-3 px-4 md:px-6">
        {[0, 1, 2].map((index) => (
          <li key={index} className="flex items-center gap-4 rounded-lg bg-neutral-800/40 p-4">
            <Skeleton className="size-10" />
            <div className="flex-1 space-y-2">
              <Skeleton className="h-4 w-48 max-w-full" />
              <Skeleton className="h-3 w-24" />
            </div>
          </li>
        ))}
      </ul>
    </LoadingScreen>
  );
}

interface DeviceRowProps {
  device: Device;
  here: boolean;
  /** Whether playback is on this device (see playsOn). */
  active: boolean;
  /** Whether its volume can be set from here (the local music service sets the active device's only). */
  volumeHere: boolean;
  forgettable: boolean;
  onForget: () => void;
}

function DeviceRow({ device, here, active, volumeHere, forgettable, onForget }: DeviceRowProps) {
  const player = usePlayer();
  const playingHere = active && player.state?.isPlaying === true;
  const status = active
    ? playingHere
      ? 'Playing'
      : 'Active, paused'
    : device.isRestricted
      ? 'Takes no commands from Graphonic'
      : 'Available';
  const commands = player.canControl && !device.isRestricted;
  const title = here ? 'This browser' : device.name;
  const spoken = here ? 'this browser' : device.name;
  return (
    <li
      className={`flex flex-wrap items-center gap-x-4 gap-y-3 rounded-lg p-4 ${active ? 'bg-accent/10 ring-1 ring-accent/40' : 'bg-neutral-800/40'}`}
    >
      <DeviceIcon type={device.type} className={`size-10 shrink-0 ${active ? 'text-accent' : 'text-neutral-300'}`} />
      <div className="min-w-0 flex-1 basis-40">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 font-semibold">
          <span className={`truncate ${active ? 'text-accent' : ''}`}>{title}</span>
          {here && (
            <span className="rounded-full bg-white/10 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-neutral-200">
              {device.name}
            </span>
          )}
        </p>
        <p className="text-sm text-neutral-400">
          {device.type} · {status}
        </p>
      </div>
      <div className="flex basis-full flex-wrap items-center justify-end gap-2 sm:basis-auto">
        {device.supportsVolume && volumeHere && (
          <VolumeSlider
            volumePercent={device.volumePercent ?? 100}
            disabled={!commands}
            onChange={(volume) => void player.setVolume(volume, device.id)}
            label={`Volume of ${spoken}`}
            name={spoken}
          />
        )}
        {!active && (
          <button
            type="button"
            disabled={!commands}
            onClick={() => void player.transfer(device.id, true)}
            aria-label={`Play on ${spoken}`}
            className="min-h-11 rounded-full bg-white px-4 py-1.5 text-sm font-semibold text-black hover:scale-105 sm:min-h-0 disabled:opacity-40 disabled:hover:scale-100"
          >
            Play
          </button>
        )}
        {forgettable && (
          <button
            type="button"
            onClick={onForget}
            aria-label={`Forget ${device.name}`}
            title="Remove this browser from your devices"
            className="min-h-11 rounded-full px-4 py-1.5 text-sm font-semibold text-neutral-200 ring-1 sm:min-h-0 ring-white/30 hover:ring-white"
          >
            Forget
          </button>
        )}
      </div>
    </li>
  );
}

/** The listener's devices: which one plays, moving playback, volume, and forgetting old browsers. */
export default function DevicesPage() {
  const { upstream } = useViewer();
  const player = usePlayer();
  const forget = useForgetDevice();
  // While the player's live connection pushes the devices (into the same cache object), nothing to ask.
  const live = useRef(player.live);
  useEffect(() => {
    live.current = player.live;
  }, [player.live]);
  const { data, error, refetch } = useQuery(DevicesPageQueryDocument, {
    fetchPolicy: 'cache-and-network',
    pollInterval: pollMs,
    skipPollAttempt: () => live.current,
  });
  const local = upstream.provider === 'LOCAL';
  const retry = () => void refetch().catch(() => undefined);

  const header = <DevicesHeader service={upstream.name} local={local} canControl={player.canControl} />;

  if (!data) {
    return (
      <>
        {header}
        {error ? <ErrorState error={error} doing="list your devices" retry={retry} /> : <DevicesSkeleton />}
      </>
    );
  }

  const devices = data.player.devices;
  if (devices.length === 0) {
    return (
      <>
        {header}
        <NoDevices service={upstream.name} local={local} onRetry={retry} />
      </>
    );
  }

  const ordered = orderDevices(devices, player.browserDeviceId, player.state);
  return (
    <div className="pb-8">
      {header}
      <ul aria-label="Your devices" className="space-y-3 px-4 md:px-6">
        {ordered.map((device) => {
          const here = device.id === player.browserDeviceId;
          const active = playsOn(device, player.state);
          return (
            <DeviceRow
              key={device.id}
              device={device}
              here={here}
              active={active}
              volumeHere={active || !local}
              forgettable={local && !here && device.registeredByClient}
              onForget={() => void forget(device)}
            />
          );
        })}
      </ul>
    </div>
  );
}

interface DevicesHeaderProps {
  /** The music service's name. */
  service: string;
  /** Whether the music plays in this browser (the local music service), not in the service's own apps. */
  local: boolean;
  canControl: boolean;
}

/** The screen's title, with what this browser is to the music service and why controls may be off. */
function DevicesHeader({ service, local, canControl }: DevicesHeaderProps) {
  return (
    <div className="px-4 pt-2 pb-4 md:px-6">
      <h1 className="text-3xl font-extrabold tracking-tight">Devices</h1>
      <p className="mt-2 max-w-2xl text-neutral-300">
        Choose where your music plays. Graphonic follows playback wherever it is.
      </p>
      {!local && (
        <p className="mt-3 flex max-w-2xl items-start gap-2 rounded-lg bg-sky-950/60 p-3 text-sm text-sky-100 ring-1 ring-sky-400/30">
          <InformationCircleIcon aria-hidden="true" className="size-5 shrink-0" />
          <span>
            With {service}, this browser is a remote control: the music plays in {service}’s own apps. Open {service} on
            your phone, computer or speaker and it shows up here.
          </span>
        </p>
      )}
      {!canControl && <p className="mt-3 text-sm text-amber-300">{premiumNote}</p>}
    </div>
  );
}

interface NoDevicesProps {
  /** The music service's name. */
  service: string;
  /** Whether this browser becomes a device itself (the local music service). */
  local: boolean;
  onRetry: () => void;
}

/** No device to play on yet: where one comes from, and a button to look again. */
function NoDevices({ service, local, onRetry }: NoDevicesProps) {
  return (
    <EmptyState
      title="No devices yet"
      action={
        <button
          type="button"
          onClick={onRetry}
          className="inline-flex min-h-11 items-center gap-2 rounded-full bg-white px-5 py-2 font-semibold text-black hover:scale-105"
        >
          <ArrowPathIcon aria-hidden="true" className="size-5" />
          Look again
        </button>
      }
    >
      {local
        ? 'This browser registers itself as a device in a moment.'
        : `Open ${service} on one of your devices, then look again.`}
    </EmptyState>
  );
}
