interface WakeLockLike {
  request(type: 'screen'): Promise<{ released: boolean; release(): Promise<void> }>;
}

/**
 * SPEC §9: keeps the screen awake once the user has clicked (browsers refuse before a gesture)
 * and takes the lock again whenever the page becomes visible (the browser drops it when hidden).
 */
export function installWakeLock(
  doc: Document = document,
  lock: WakeLockLike | undefined = (navigator as { wakeLock?: WakeLockLike }).wakeLock,
): () => void {
  if (!lock) return () => undefined;
  let sentinel: { released: boolean; release(): Promise<void> } | null = null;
  let isWanted = false;
  const acquire = async () => {
    if (!isWanted || (sentinel && !sentinel.released) || doc.visibilityState !== 'visible') return;
    try {
      sentinel = await lock.request('screen');
    } catch {
      // Battery saver or a denied permission: the game works without it.
    }
  };
  const onClick = () => {
    isWanted = true;
    void acquire();
    doc.removeEventListener('click', onClick);
  };
  const onVisible = () => void acquire();
  doc.addEventListener('click', onClick);
  doc.addEventListener('visibilitychange', onVisible);
  return () => {
    doc.removeEventListener('click', onClick);
    doc.removeEventListener('visibilitychange', onVisible);
    void sentinel?.release();
  };
}
