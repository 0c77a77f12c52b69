import { afterEach, describe, expect, it } from 'vitest';
import { deviceId, withDeviceId } from './device-id';

describe('the device id', () => {
  afterEach(() => localStorage.clear());

  it('is made once, kept in local storage and added to sign-in bodies', () => {
    const first = deviceId();
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(deviceId()).toBe(first);
    expect(withDeviceId({ username: 'ann', password: 'x' })).toEqual({ username: 'ann', password: 'x', device_id: first });
  });

  it('replaces a stored value the server would refuse', () => {
    localStorage.setItem('durak.device_id', 'a b');
    expect(deviceId()).toMatch(/^[0-9a-f]{32}$/);
  });
});
