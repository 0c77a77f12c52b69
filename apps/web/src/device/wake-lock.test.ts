import { describe, expect, it, vi } from 'vitest';
import { installWakeLock } from './wake-lock';

function fakeLock() {
  const sentinels: Array<{ released: boolean; release: () => Promise<void> }> = [];
  const request = vi.fn(async () => {
    const s = { released: false, release: async () => void (s.released = true) };
    sentinels.push(s);
    return s;
  });
  return { lock: { request }, sentinels, request };
}

describe('installWakeLock', () => {
  it('asks for the lock only after the first click, then again when the page is visible again', async () => {
    const { lock, sentinels, request } = fakeLock();
    const stop = installWakeLock(document, lock);
    document.dispatchEvent(new Event('visibilitychange'));
    expect(request).not.toHaveBeenCalled();
    document.dispatchEvent(new Event('click'));
    await vi.waitFor(() => expect(request).toHaveBeenCalledTimes(1));
    document.dispatchEvent(new Event('click'));
    expect(request).toHaveBeenCalledTimes(1);
    sentinels[0]!.released = true; // the browser drops it while the page is hidden
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.waitFor(() => expect(request).toHaveBeenCalledTimes(2));
    stop();
  });
});
