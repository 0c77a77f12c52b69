const key = 'durak.device_id';

/**
 * A random id this browser keeps in local storage and sends with every sign-in, registration and
 * Telegram sign-in (FEATURES.md §12): accounts signed in from one device are linked, and linked
 * accounts never sit at one bet table. Undefined when storage is unavailable (private mode).
 */
export function deviceId(): string | undefined {
  try {
    const stored = localStorage.getItem(key);
    if (stored && /^[A-Za-z0-9_-]{8,64}$/.test(stored)) return stored;
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    const made = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
    localStorage.setItem(key, made);
    return made;
  } catch {
    return undefined;
  }
}

/** The body with this device's id added (left out when there is none). */
export function withDeviceId<T extends object>(body: T): T & { device_id?: string } {
  const id = deviceId();
  return id === undefined ? body : { ...body, device_id: id };
}
