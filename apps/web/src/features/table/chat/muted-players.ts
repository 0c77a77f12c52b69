/**
 * Muted players are kept on the device (FEATURES.md §11), not on the server: muting is the
 * reader's choice and tells the muted player nothing. One list for every table, by user id.
 */
const storageKey = 'durak.chat.muted';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // A browser with storage blocked (private mode, a sandboxed frame) mutes for this page only.
    return null;
  }
}

export function readMuted(): ReadonlySet<number> {
  try {
    const parsed: unknown = JSON.parse(storage()?.getItem(storageKey) ?? '[]');
    return new Set(Array.isArray(parsed) ? parsed.filter((id): id is number => Number.isSafeInteger(id)) : []);
  } catch {
    return new Set();
  }
}

/** The list with `userId` muted or unmuted, saved. */
export function setMuted(current: ReadonlySet<number>, userId: number, isMuted: boolean): ReadonlySet<number> {
  const next = new Set(current);
  if (isMuted) next.add(userId);
  else next.delete(userId);
  try {
    storage()?.setItem(storageKey, JSON.stringify([...next]));
  } catch {
    // Full or blocked storage: the mute holds for this page.
  }
  return next;
}
