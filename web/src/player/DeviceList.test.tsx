import { describe, expect, it } from 'vitest';
import { orderDevices } from './DeviceList';

const device = (id: string, isActive = false) => ({ id, isActive });

describe('the order of devices', () => {
  it('puts this browser first, then the active device, then the rest as listed', () => {
    const listed = [device('old-tab'), device('kitchen', true), device('phone'), device('here')];
    expect(orderDevices(listed, 'here').map(({ id }) => id)).toEqual(['here', 'kitchen', 'old-tab', 'phone']);
  });

  it('keeps the listed order where this browser is not a device', () => {
    const listed = [device('a'), device('b', true), device('c')];
    expect(orderDevices(listed, null).map(({ id }) => id)).toEqual(['b', 'a', 'c']);
  });
});
