/**
 * PostgreSQL refuses the NUL character (0x00) in text and jsonb, and a lone UTF-16 surrogate (half
 * of a pair, e.g. `"\ud800"` in JSON) has no UTF-8 form at all, so a string carrying either would
 * fail deep inside a query as a 500 (FEATURES.md §17: a lone surrogate in a ban reason left the ban
 * unapplied). Input is checked for both at the edge instead, and refused as bad input naming where
 * it was.
 */

const nul = '\u0000';
/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why `text` cannot be stored, or undefined when it can. */
export function textFault(text: string): string | undefined {
  if (text.includes(nul)) return 'contains a NUL character, which is not allowed in text';
  if (loneSurrogate.test(text)) return 'contains a lone UTF-16 surrogate, which is not valid text';
  return undefined;
}

/** How a key with a NUL or a lone surrogate is shown in a field path: escaped, so the message stays printable. */
const printable = (key: string): string =>
  key.replaceAll(nul, '\\u0000').replace(/[\uD800-\uDFFF]/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`);

const join = (path: string, key: string) => (path === '' ? key : `${path}.${key}`);

export interface TextFault {
  /** `a.b.0`, `''` when it is the value itself. */
  readonly path: string;
  readonly message: string;
}

/**
 * The first string or key within `value` that cannot be stored (see `textFault`), or undefined
 * when there is none. Walked with an explicit stack, not recursion: a deeply nested value (the
 * body parser bounds JSON, but not every caller is a body) cannot overflow the call stack.
 * Depth-first in document order, so the first fault found is the first one.
 */
export function findTextFault(value: unknown, path = ''): TextFault | undefined {
  const stack: { value: unknown; path: string }[] = [{ value, path }];
  while (stack.length > 0) {
    const item = stack.pop()!;
    if (typeof item.value === 'string') {
      const message = textFault(item.value);
      if (message !== undefined) return { path: item.path, message };
      continue;
    }
    if (item.value === null || typeof item.value !== 'object') continue;
    const children: { value: unknown; path: string }[] = [];
    if (Array.isArray(item.value)) {
      item.value.forEach((child, index) => children.push({ value: child, path: join(item.path, String(index)) }));
    } else {
      for (const [key, child] of Object.entries(item.value)) {
        if (textFault(key) !== undefined) children.push({ value: key, path: join(item.path, printable(key)) });
        else children.push({ value: child, path: join(item.path, key) });
      }
    }
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  return undefined;
}

/** The path of the first string or key that cannot be stored (a NUL or a lone surrogate), as `findTextFault`. */
export function findNulCharacter(value: unknown, path = ''): string | undefined {
  return findTextFault(value, path)?.path;
}
