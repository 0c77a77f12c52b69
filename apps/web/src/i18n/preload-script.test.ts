import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGES } from './languages';

// index.html's inline script: it must find the language i18n.ts will load, or the preload is wasted.
const html = readFileSync(join(import.meta.dirname, '../../index.html'), 'utf8');
const script = /<script>([\s\S]*?)<\/script>/.exec(html)![1]!;

function forget() {
  document.cookie = 'i18next=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  localStorage.clear();
}

function preloadsFor(path: string, cookie?: string, stored?: string, browser: readonly string[] = ['fr-FR'], isSignedIn = false): string[] {
  forget();
  document.head.innerHTML = '';
  window.history.replaceState(null, '', path);
  if (cookie) document.cookie = `i18next=${cookie}; path=/`;
  if (stored) localStorage.setItem('i18nextLng', stored);
  if (isSignedIn) document.cookie = 'refreshToken=r; path=/';
  const languages = vi.spyOn(navigator, 'languages', 'get').mockReturnValue(browser);
  try {
    new Function(script)();
  } finally {
    languages.mockRestore();
    document.cookie = 'refreshToken=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  }
  return [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="fetch"]')].map((link) => new URL(link.href).pathname);
}

const files = (lng: string, ...ns: string[]) => ns.map((n) => `/locales/${lng}/${n}.json`);

afterEach(forget);

describe("index.html's early start of the texts", () => {
  it('knows the same languages as the app', () => {
    expect(/var languages = (\[[^\]]*\])/.exec(script)![1]!.replace(/'/g, '"')).toBe(JSON.stringify(LANGUAGES).replace(/,/g, ', '));
  });

  it('takes the cookie first, then local storage, then the browser (FEATURES.md §17), else Russian; Russian, the fallback, comes too', () => {
    expect(preloadsFor('/auth/login', 'kk', 'en', ['en-US'])).toEqual([
      ...files('kk', 'common', 'player'),
      ...files('ru', 'common', 'player'),
    ]);
    expect(preloadsFor('/auth/login', undefined, 'en-US')).toEqual([
      ...files('en', 'common', 'player'),
      ...files('ru', 'common', 'player'),
    ]);
    expect(preloadsFor('/auth/login', undefined, undefined, ['fr-FR', 'en-GB', 'uk'])).toEqual([
      ...files('en', 'common', 'player'),
      ...files('ru', 'common', 'player'),
    ]);
    expect(preloadsFor('/auth/login', 'fr')).toEqual(files('ru', 'common', 'player'));
  });

  it("adds the lobby's and the table's own texts for a signed-in reload of those pages", () => {
    expect(preloadsFor('/games', 'uk', undefined, undefined, true)).toEqual([
      ...files('uk', 'common', 'player', 'game', 'rules'),
      ...files('ru', 'common', 'player', 'game', 'rules'),
    ]);
    expect(preloadsFor('/durak/12', 'ru', undefined, undefined, true)).toEqual(files('ru', 'common', 'player', 'game', 'rules'));
    expect(preloadsFor('/games', 'uk')).toEqual([...files('uk', 'common', 'player'), ...files('ru', 'common', 'player')]);
    expect(preloadsFor('/store', 'uk', undefined, undefined, true)).toEqual([
      ...files('uk', 'common', 'player'),
      ...files('ru', 'common', 'player'),
    ]);
  });
});
