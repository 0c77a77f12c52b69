/**
 * PostgreSQL refuses the NUL character (0x00) in text and jsonb, so a string carrying one would
 * fail deep inside a query as a 500. Input is checked for it at the edge instead, and refused as
 * bad input naming where it was.
 */

const nul = '\u0000';

/** How a key with a NUL is shown in a field path: escaped, so the message stays printable. */
const printable = (key: string): string => key.replaceAll(nul, '\\u0000');

/**
 * The path (`a.b.0`) of the first string or key holding a NUL within `value`, `''` when it is the
 * value itself, or undefined when there is none. Depth is bounded by the body limit.
 */
export function findNulCharacter(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return value.includes(nul) ? path : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  const join = (key: string) => (path === '' ? key : `${path}.${key}`);
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      const found = findNulCharacter(value[index], join(String(index)));
      if (found !== undefined) return found;
    }
    return undefined;
  }
  for (const [key, item] of Object.entries(value)) {
    if (key.includes(nul)) return join(printable(key));
    const found = findNulCharacter(item, join(key));
    if (found !== undefined) return found;
  }
  return undefined;
}
