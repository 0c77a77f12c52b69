import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18next, initI18n } from './i18n';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
  document.cookie = 'i18next=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  localStorage.clear();
});

function respond(status: number, body: unknown = {}) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe('language loading', () => {
  it('detects from the cookie, discards an injected value, and retries a 5xx load but not a 4xx', async () => {
    document.cookie = `i18next=${encodeURIComponent('<script>alert(1)</script>')}; path=/`;
    localStorage.setItem('i18nextLng', 'en');
    const calls: string[] = [];
    let enFailures = 1;
    globalThis.fetch = vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      calls.push(url);
      if (url.includes('/en/') && enFailures-- > 0) return respond(503);
      if (url.includes('/en/')) return respond(200, { menu: { title: 'Menu' } });
      if (url.includes('/uk/')) return respond(404);
      return respond(200, { menu: { title: 'Меню' } });
    }) as typeof fetch;

    await initI18n();
    // Nothing planted in the cookie is used; local storage said English.
    expect(i18next.language).toBe('en');
    await vi.waitFor(() => expect(i18next.t('menu.title')).toBe('Menu'), { timeout: 3000 });
    expect(calls.filter((u) => u.endsWith('/locales/en/common.json'))).toHaveLength(2);

    // The backend reports a load as failed only once it gives up: after its retries, if any.
    const gaveUpOnUkrainian = new Promise<void>((resolve) =>
      i18next.services.backendConnector.on('failedLoading', (lng: string, ns: string) => {
        if (lng === 'uk' && ns === 'common') resolve();
      }),
    );
    await i18next.changeLanguage('uk');
    await gaveUpOnUkrainian;
    expect(calls.filter((u) => u.endsWith('/locales/uk/common.json'))).toHaveLength(1);
    // A missing file falls back to Russian and the choice is cached in the cookie.
    expect(i18next.t('menu.title')).toBe('Меню');
    expect(document.cookie).toContain('i18next=uk');
  });
});
