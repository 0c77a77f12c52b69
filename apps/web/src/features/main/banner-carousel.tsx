import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { http } from '../../net/http';
import './banner-carousel.css';

interface ActiveBanner {
  id: number;
  name: string;
  description: string;
  image: string;
  width: number;
  height: number;
}

export const activeBannersKey = ['banner', 'active'] as const;

/**
 * The home page's banners (GET /api/banner: the active ones, in the admins' order), side by side
 * with scroll snapping. Nothing at all while loading, on error or with no banner: the page below
 * must not jump around a placeholder for promotional content.
 */
export function BannerCarousel() {
  const { t } = useTranslation();
  const banners = useQuery({ queryKey: activeBannersKey, queryFn: () => http.get<{ items: ActiveBanner[] }>('/banner').then((r) => r.data.items), staleTime: 60_000 });
  const items = banners.data ?? [];
  if (items.length === 0) return null;
  return (
    <section className="banners" aria-label={t('home.banners')} data-testid="home-banners">
      <ul className="banners-track">
        {items.map((banner) => (
          <li key={banner.id} className="banners-slide">
            <img src={banner.image} alt={banner.name} width={banner.width} height={banner.height} loading="lazy" />
            {banner.description ? <p className="banners-caption">{banner.description}</p> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
