import { describe, expect, it } from 'vitest';
import { device as deviceOf, playbackState } from '../testing/fixtures';
import { orderDevices, playsOn } from './DeviceList';

const device = (id: string, isActive = false) => ({ id, isActive });

describe('the order of devices', () => {
  it('puts this browser first, then the active device, then the rest as listed', () => {
    const listed = [device('old-tab'), device('kitchen', true), device('phone'), device('here')];
    expect(orderDevices(listed, 'here', null).map(({ id }) => id)).toEqual(['here', 'kitchen', 'old-tab', 'phone']);
  });

  it('keeps the listed order where this browser is not a device', () => {
    const listed = [device('a'), device('b', true), device('c')];
    expect(orderDevices(listed, null, null).map(({ id }) => id)).toEqual(['b', 'a', 'c']);
  });

  it('puts the device the newest state plays on before the one a list read earlier marks', () => {
    const listed = [device('kitchen', true), device('phone')];
    const state = playbackState({ device: deviceOf({ id: 'phone' }) });
    expect(orderDevices(listed, null, state).map(({ id }) => id)).toEqual(['phone', 'kitchen']);
  });
});

describe('the device playback is on', () => {
  it('is the newest state’s device once a state is read, whatever a list read at another moment marks', () => {
    const state = playbackState({ device: deviceOf({ id: 'phone' }) });
    expect(playsOn(device('phone'), state)).toBe(true);
    expect(playsOn(device('kitchen', true), state)).toBe(false);
  });

  it('is none where the state names no device, and the list’s own mark before any state is read', () => {
    expect(playsOn(device('kitchen', true), playbackState({ device: null }))).toBe(false);
    expect(playsOn(device('kitchen', true), null)).toBe(true);
    expect(playsOn(device('phone'), null)).toBe(false);
  });
});
