import type { Referral } from '@durak/protocol';
import { http } from '../../net/http';

export interface ReferralPage {
  items: Referral[];
  links: { next: string | null; previous: string | null };
  /** Who invited the caller, if anyone. */
  invited_by: Referral | null;
}

export const FRIENDS_PAGE_SIZE = 20;

/** The friends tab's calls (FEATURES.md §3). */
export const friendsApi = {
  referrals: (page: number) => http.get<ReferralPage>('/user/referrals', { params: { page, limit: FRIENDS_PAGE_SIZE } }).then((r) => r.data),
};
