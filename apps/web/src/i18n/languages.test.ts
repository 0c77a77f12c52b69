import { describe, expect, it } from 'vitest';
import { sanitizeLanguage } from './languages';

describe('sanitizeLanguage', () => {
  it.each([
    ['ru', 'ru'],
    ['en-US', 'en'],
    ['UK', 'uk'],
    ['uz_Latn', 'uz'],
  ])('keeps %s as %s', (value, kept) => {
    expect(sanitizeLanguage(value)).toBe(kept);
  });
  it.each([
    '<script>alert(1)</script>',
    'en"><img src=x onerror=alert(1)>',
    'javascript:alert(1)',
    "ru';alert(1)//",
    'en%3Cscript%3E',
    'onload=alert(1)',
    'x'.repeat(80),
  ])('discards %s', (value) => {
    expect(sanitizeLanguage(value)).toBe('');
  });
});
