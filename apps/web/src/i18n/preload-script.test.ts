import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LANGUAGES } from './languages';

// index.html's inline script: it must find the language i18n.ts will load, or the preload is wasted.
const html = readFileSync(join(import.meta.dirname, '../../index.html'), 'utf8');
const script = /<script>([\s\S]*?)<\/script>/.exec(html)![1]!;

function forget() {
  document.cookie = 'i18next=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  localStorage.clear();
}

function preloadsFor(path: string, cookie?: string, stored?: string): string[] {
  forget();
  document.head.innerHTML = '';
  window.history.replaceState(null, '', path);
  if (cookie) document.cookie = `i18next=${cookie}; path=/`;
  if (stored) localStorage.setItem('i18nextLng', stored);
  new Function(script)();
  return [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="fetch"]')].map((link) => new URL(link.href).pathname);
}

afterEach(forget);

describe("index.html's early start of the texts", () => {
  it('knows the same languages as the app', () => {
    expect(/var languages = (\[[^\]]*\])/.exec(script)![1]!.replace(/'/g, '"')).toBe(JSON.stringify(LANGUAGES).replace(/,/g, ', '));
  });

  it('takes the cookie first, then local storage, else Russian', () => {
    expect(preloadsFor('/auth/login', 'kk', 'en')).toEqual(['/locales/kk/common.json']);
    expect(preloadsFor('/auth/login', undefined, 'en-US')).toEqual(['/locales/en/common.json']);
    expect(preloadsFor('/auth/login', 'fr')).toEqual(['/locales/ru/common.json']);
  });

  it('starts only the common texts, the same on every page', () => {
    expect(preloadsFor('/games', 'uk')).toEqual(['/locales/uk/common.json']);
  });
});
