/** SPEC §5: a username longer than 10 characters is cut to 8 plus an ellipsis. */
export function cutName(name: string, max = 10, keep = 8): string {
  // Count user-visible characters, not UTF-16 units, so emoji and Cyrillic cut cleanly.
  const chars = Array.from(name);
  return chars.length > max ? `${chars.slice(0, keep).join('')}…` : name;
}

/** SPEC §5: an avatar is shown only when its URL starts with https. */
export function isShownAvatar(url: string | null | undefined): url is string {
  return typeof url === 'string' && url.startsWith('https');
}

/** Balances travel as decimal strings of whole chips; group thousands for reading. */
export function formatChips(balance: string): string {
  if (!/^-?\d+$/.test(balance)) return balance;
  const negative = balance.startsWith('-');
  const digits = negative ? balance.slice(1) : balance;
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, '\u202f');
  return negative ? `-${grouped}` : grouped;
}
