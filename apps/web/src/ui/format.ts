/** SPEC §5: a username longer than 10 characters is cut to 8 plus an ellipsis. */
export function cutName(name: string, max = 10, keep = 8): string {
  // Count user-visible characters, not UTF-16 units, so emoji and Cyrillic cut cleanly.
  const chars = Array.from(name);
  return chars.length > max ? `${chars.slice(0, keep).join('')}…` : name;
}

/**
 * One avatar rule for every screen: our own origin's images (the server answers an upload as a
 * relative `/uploads/...` path) are shown; SPEC §5's https rule is about foreign URLs, so any
 * other origin must be https. Anything unparsable or of another scheme gets the placeholder.
 */
export function isShownAvatar(url: string | null | undefined, origin: string = ownOrigin()): url is string {
  if (typeof url !== 'string' || url === '') return false;
  let parsed: URL;
  try {
    parsed = new URL(url, origin);
  } catch {
    return false;
  }
  if (parsed.origin === origin) return parsed.protocol === 'https:' || parsed.protocol === 'http:';
  return parsed.protocol === 'https:';
}

function ownOrigin(): string {
  return typeof location === 'undefined' ? 'https://invalid.invalid' : location.origin;
}

/** Balances travel as decimal strings of whole chips; group thousands for reading. */
export function formatChips(balance: string): string {
  if (!/^-?\d+$/.test(balance)) return balance;
  const negative = balance.startsWith('-');
  const digits = negative ? balance.slice(1) : balance;
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, '\u202f');
  return negative ? `-${grouped}` : grouped;
}
