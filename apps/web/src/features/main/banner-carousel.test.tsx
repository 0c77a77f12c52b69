import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../net/query-client';

const http = vi.hoisted(() => ({ get: vi.fn() }));
vi.mock('../../net/http', () => ({ http }));
const { BannerCarousel } = await import('./banner-carousel');

const i18n = i18next.createInstance();
beforeAll(async () => {
  const common = JSON.parse(readFileSync(join(import.meta.dirname, '../../../public/locales/en/common.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  await i18n
    .use(initReactI18next)
    .init({ lng: 'en', resources: { en: { common } }, defaultNS: 'common', interpolation: { escapeValue: false } });
});
afterEach(cleanup);

const banner = (id: number, captions: Record<string, string> = {}) => ({
  id,
  name: `b${id}`,
  description: `caption ${id}`,
  captions,
  image: `/uploads/banners/${id}.webp`,
  width: 640,
  height: 200,
});

describe('the home banners', () => {
  it('show a dot per slide, the first one current, and each caption below its picture', async () => {
    http.get.mockResolvedValue({ data: { items: [banner(1), banner(2), banner(3)], links: { next: null, previous: null } } });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <I18nextProvider i18n={i18n}>
          <BannerCarousel />
        </I18nextProvider>
      </QueryClientProvider>,
    );
    const dots = await screen.findAllByRole('button', { name: /Banner \d of 3/ });
    expect(dots).toHaveLength(3);
    expect(dots.map((d) => d.getAttribute('aria-current'))).toEqual(['true', 'false', 'false']);
    const caption = screen.getByText('caption 2');
    expect(caption.previousElementSibling?.tagName).toBe('IMG');
  });

  it('shows each caption in the player language, the default caption where that language has none', async () => {
    http.get.mockResolvedValue({
      data: {
        items: [banner(1, { en: 'Spring cup', ru: 'Весенний кубок' }), banner(2, { uk: 'Кубок' })],
        links: { next: null, previous: null },
      },
    });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <I18nextProvider i18n={i18n}>
          <BannerCarousel />
        </I18nextProvider>
      </QueryClientProvider>,
    );
    expect((await screen.findByText('Spring cup')).previousElementSibling?.getAttribute('alt')).toBe('b1');
    expect(screen.queryByText('caption 1')).toBeNull();
    expect(screen.queryByText('Весенний кубок')).toBeNull();
    expect(screen.getByText('caption 2').previousElementSibling?.getAttribute('alt')).toBe('b2');
    expect(screen.queryByText('Кубок')).toBeNull();
  });

  it('shows the default caption of a banner answered without captions (a page cached across a deploy)', async () => {
    const { captions: _captions, ...old } = banner(3);
    http.get.mockResolvedValue({ data: { items: [old], links: { next: null, previous: null } } });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <I18nextProvider i18n={i18n}>
          <BannerCarousel />
        </I18nextProvider>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('caption 3')).toBeTruthy();
  });
});
