import { afterEach, describe, expect, it, vi } from 'vitest';
import { installVibrationStops, vibration } from './vibrate';

afterEach(() => vi.restoreAllMocks());

describe('installVibrationStops', () => {
  it('stops vibrating when the page is hidden or unloaded, not when it becomes visible', () => {
    const stop = vi.spyOn(vibration, 'stop');
    const uninstall = installVibrationStops(window);
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(stop).not.toHaveBeenCalled();
    visibility.mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(stop).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new Event('pagehide'));
    expect(stop).toHaveBeenCalledTimes(2);
    uninstall();
    window.dispatchEvent(new Event('pagehide'));
    expect(stop).toHaveBeenCalledTimes(2);
  });
});
