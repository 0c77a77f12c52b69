/**
 * PostgreSQL refuses the NUL character (0x00) in text and jsonb, so a string carrying one would
 * fail deep inside a query as a 500. Input is checked for it at the edge instead, and refused as
 * bad input naming where it was.
 */

const nul = '\u0000';

/** How a key with a NUL is shown in a field path: escaped, so the message stays printable. */
const printable = (key: string): string => key.replaceAll(nul, '\\u0000');

const join = (path: string, key: string) => (path === '' ? key : `${path}.${key}`);

/**
 * The path (`a.b.0`) of the first string or key holding a NUL within `value`, `''` when it is the
 * value itself, or undefined when there is none. Walked with an explicit stack, not recursion: a
 * deeply nested value (the body parser bounds JSON, but not every caller is a body) cannot
 * overflow the call stack. Depth-first in document order, so the first NUL found is the first one.
 */
export function findNulCharacter(value: unknown, path = ''): string | undefined {
  const stack: { value: unknown; path: string }[] = [{ value, path }];
  while (stack.length > 0) {
    const item = stack.pop()!;
    if (typeof item.value === 'string') {
      if (item.value.includes(nul)) return item.path;
      continue;
    }
    if (item.value === null || typeof item.value !== 'object') continue;
    const children: { value: unknown; path: string }[] = [];
    if (Array.isArray(item.value)) {
      item.value.forEach((child, index) => children.push({ value: child, path: join(item.path, String(index)) }));
    } else {
      for (const [key, child] of Object.entries(item.value)) {
        if (key.includes(nul)) children.push({ value: nul, path: join(item.path, printable(key)) });
        else children.push({ value: child, path: join(item.path, key) });
      }
    }
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  return undefined;
}
