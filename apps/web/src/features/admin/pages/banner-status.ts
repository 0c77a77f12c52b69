import type { Banner } from '@durak/protocol';

export type BannerStatus = 'active' | 'scheduled' | 'ended';

/** The players' rule, start_date <= now < end_date, as the admin list labels it. */
export function bannerStatus(banner: Pick<Banner, 'start_date' | 'end_date'>, now: Date): BannerStatus {
  if (now < new Date(banner.start_date)) return 'scheduled';
  return now < new Date(banner.end_date) ? 'active' : 'ended';
}
