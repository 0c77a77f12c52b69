import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../net/http';
import type { Banner, BannerList } from '@durak/protocol';
import './banner-carousel.css';
import { queryKeys } from '../../net/query-keys';

/** The caption in the player's language, else the default one (FEATURES.md §10). */
export function captionFor(banner: Pick<Banner, 'description' | 'captions'>, language: string | undefined): string {
  // A banner answered before captions existed (a cached page across a deploy) has none at all.
  const own = language ? (banner.captions as Partial<Record<string, string>> | undefined)?.[language] : undefined;
  return own?.trim() ? own : banner.description;
}

/**
 * The home page's banners (GET /api/banner: the active ones, in the admins' order), side by side
 * with scroll snapping. Nothing at all while loading, on error or with no banner: the page below
 * must not jump around a placeholder for promotional content.
 */
export function BannerCarousel() {
  const { t, i18n } = useTranslation();
  const banners = useQuery({
    queryKey: queryKeys.activeBanners,
    queryFn: () => http.get<BannerList>('/banner').then((r) => r.data.items),
    staleTime: 60_000,
  });
  const track = useRef<HTMLUListElement>(null);
  const [current, setCurrent] = useState(0);
  const items = banners.data ?? [];
  if (items.length === 0) return null;
  const show = (index: number) => {
    const el = track.current;
    if (el) el.scrollTo({ left: index * (el.scrollWidth / items.length), behavior: 'smooth' });
  };
  return (
    <section className="banners" aria-label={t('home.banners')} data-testid="home-banners">
      <ul
        className="banners-track"
        ref={track}
        onScroll={(event) => {
          const el = event.currentTarget;
          setCurrent(Math.min(items.length - 1, Math.round((el.scrollLeft / Math.max(1, el.scrollWidth)) * items.length)));
        }}
      >
        {items.map((banner) => {
          const caption = captionFor(banner, i18n.resolvedLanguage ?? i18n.language);
          return (
            <li key={banner.id} className="banners-slide">
              <img src={banner.image} alt={banner.name} width={banner.width} height={banner.height} loading="lazy" />
              {/* Below the picture, never over it: a banner's image often carries text of its own. */}
              {caption ? <p className="banners-caption">{caption}</p> : null}
            </li>
          );
        })}
      </ul>
      {items.length > 1 ? (
        <div className="banners-dots" data-testid="banner-dots">
          {items.map((banner, index) => (
            <button
              key={banner.id}
              type="button"
              className={`banners-dot${index === current ? ' banners-dot-on' : ''}`}
              aria-label={t('first_taps.banner_dot', { n: index + 1, count: items.length })}
              aria-current={index === current}
              onClick={() => show(index)}
            />
          ))}
        </div>
      ) : null}
    </section>
  );
}
