import { graphql } from '../__generated__';

/** Everything the player bar, the now-playing view and the browser's own audio need of the playback. */
export const PlaybackStateFragment = graphql(`
  fragment PlaybackState_state on PlaybackState {
    isPlaying
    progressMs
    timestamp
    playbackSpeed
    shuffle
    repeat
    device {
      id
      name
      type
      isActive
      registeredByClient
      volumePercent
      supportsVolume
    }
    context {
      uri
      type
    }
    item {
      __typename
      ... on Track {
        id
        uri
        name
        durationMs
        explicit
        streamUrl
        saved
        album {
          id
          name
          images {
            url
            width
          }
        }
        artists {
          id
          name
        }
      }
      ... on Episode {
        id
        uri
        name
        durationMs
        explicit
        streamUrl
        saved
        images {
          url
          width
        }
        show {
          id
          name
          publisher
        }
      }
    }
  }
`);

export const PlayerStateQuery = graphql(`
  query PlayerState {
    player {
      state {
        ...PlaybackState_state
      }
    }
  }
`);

export const PlayerDevicesQuery = graphql(`
  query PlayerDevices {
    player {
      devices {
        id
        name
        type
        isActive
        registeredByClient
        volumePercent
        supportsVolume
      }
    }
  }
`);

/**
 * The player as it changes, pushed over the live connection: the same state and devices as the two
 * queries above, written to the same cache object (the one Player), so every screen that reads them
 * follows. With `deviceId`, the api keeps this tab's device listed while the subscription lasts.
 */
export const PlayerLiveSubscription = graphql(`
  subscription PlayerLive($deviceId: ID) {
    player(deviceId: $deviceId) {
      state {
        ...PlaybackState_state
      }
      devices {
        id
        name
        type
        isActive
        registeredByClient
        volumePercent
        supportsVolume
        # The devices page reads it too: a pushed device lacking it would leave that page's list incomplete.
        isRestricted
      }
    }
  }
`);

/** Says that this tab's device is still there, while no live connection does (null: register again). */
export const KeepPlaybackDeviceMutation = graphql(`
  mutation KeepPlaybackDevice($input: KeepPlaybackDeviceInput!) {
    keepPlaybackDevice(input: $input) {
      device {
        id
        name
        type
        isActive
        registeredByClient
        volumePercent
        supportsVolume
      }
    }
  }
`);

export const StartPlaybackMutation = graphql(`
  mutation StartPlayback($input: StartPlaybackInput!) {
    startPlayback(input: $input) {
      player {
        state {
          ...PlaybackState_state
        }
      }
    }
  }
`);

export const PausePlaybackMutation = graphql(`
  mutation PausePlayback($input: PausePlaybackInput!) {
    pausePlayback(input: $input) {
      player {
        state {
          ...PlaybackState_state
        }
      }
    }
  }
`);

export const SkipToNextMutation = graphql(`
  mutation SkipToNext($input: SkipToNextInput!) {
    skipToNext(input: $input) {
      player {
        state {
          ...PlaybackState_state
        }
      }
    }
  }
`);

export const SkipToPreviousMutation = graphql(`
  mutation SkipToPrevious($input: SkipToPreviousInput!) {
    skipToPrevious(input: $input) {
      player {
        state {
          ...PlaybackState_state
        }
      }
    }
  }
`);

export const SeekPlaybackMutation = graphql(`
  mutation SeekPlayback($input: SeekPlaybackInput!) {
    seekPlayback(input: $input) {
      player {
        state {
          ...PlaybackState_state
        }
      }
    }
  }
`);

export const SetShuffleMutation = graphql(`
  mutation SetShuffle($input: SetShuffleInput!) {
    setShuffle(input: $input) {
      player {
        state {
          ...PlaybackState_state
        }
      }
    }
  }
`);

export const SetRepeatModeMutation = graphql(`
  mutation SetRepeatMode($input: SetRepeatModeInput!) {
    setRepeatMode(input: $input) {
      player {
        state {
          ...PlaybackState_state
        }
      }
    }
  }
`);

export const SetVolumeMutation = graphql(`
  mutation SetVolume($input: SetVolumeInput!) {
    setVolume(input: $input) {
      player {
        state {
          ...PlaybackState_state
        }
      }
    }
  }
`);

export const SetPlaybackSpeedMutation = graphql(`
  mutation SetPlaybackSpeed($input: SetPlaybackSpeedInput!) {
    setPlaybackSpeed(input: $input) {
      player {
        state {
          ...PlaybackState_state
        }
      }
    }
  }
`);

export const TransferPlaybackMutation = graphql(`
  mutation TransferPlayback($input: TransferPlaybackInput!) {
    transferPlayback(input: $input) {
      player {
        state {
          ...PlaybackState_state
        }
        devices {
          id
          isActive
        }
      }
    }
  }
`);

export const AddToQueueMutation = graphql(`
  mutation AddToQueue($input: AddToQueueInput!) {
    addToQueue(input: $input) {
      player {
        __typename
      }
    }
  }
`);

export const RegisterPlaybackDeviceMutation = graphql(`
  mutation RegisterPlaybackDevice($input: RegisterPlaybackDeviceInput!) {
    registerPlaybackDevice(input: $input) {
      device {
        id
        name
        type
        isActive
        registeredByClient
        volumePercent
        supportsVolume
      }
    }
  }
`);

export const UnregisterPlaybackDeviceMutation = graphql(`
  mutation UnregisterPlaybackDevice($input: UnregisterPlaybackDeviceInput!) {
    unregisterPlaybackDevice(input: $input) {
      player {
        devices {
          id
          name
          type
          isActive
          registeredByClient
          volumePercent
          supportsVolume
        }
      }
    }
  }
`);
