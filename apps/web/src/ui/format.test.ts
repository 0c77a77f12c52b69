import { describe, expect, it } from 'vitest';
import { cutName, formatChips, isShownAvatar } from './format';

describe('cutName', () => {
  it.each([
    ['Ivan', 'Ivan'],
    ['abcdefghij', 'abcdefghij'],
    ['abcdefghijk', 'abcdefgh…'],
    ['Константинопольский', 'Констант…'],
    ['😀😀😀😀😀😀😀😀😀😀😀', '😀😀😀😀😀😀😀😀…'],
  ])('shows %s as %s', (name, shown) => {
    expect(cutName(name)).toBe(shown);
  });
});

describe('isShownAvatar', () => {
  const origin = 'http://127.0.0.1:8080';
  it.each([
    ['https://cdn.example/a.webp', true],
    ['http://cdn.example/a.webp', false],
    // An upload answered by our own server is a relative path: shown, as is our origin spelt out.
    ['/uploads/avatars/a.webp', true],
    ['http://127.0.0.1:8080/uploads/avatars/a.webp', true],
    // A protocol-relative URL is another origin over the page's http: not shown.
    ['//cdn.example/a.webp', false],
    ['', false],
    [null, false],
    [undefined, false],
    ['javascript:alert(1)', false],
    ['data:image/png;base64,AAAA', false],
  ])('%s -> %s', (url, shown) => {
    expect(isShownAvatar(url, origin)).toBe(shown);
  });
});

describe('formatChips', () => {
  it('groups thousands', () => {
    expect(formatChips('10000')).toBe('10\u202f000');
    expect(formatChips('999')).toBe('999');
    expect(formatChips('1234567')).toBe('1\u202f234\u202f567');
  });
});
