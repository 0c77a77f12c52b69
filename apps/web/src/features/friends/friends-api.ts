import type { ReferralList } from '@durak/protocol';
import { http } from '../../net/http';

/** The protocol's answer: the invited players, who invited the caller, and the bonus. */
export type ReferralPage = ReferralList;

export const FRIENDS_PAGE_SIZE = 20;

/** The friends tab's calls (FEATURES.md §3). */
export const friendsApi = {
  referrals: (page: number) => http.get<ReferralPage>('/user/referrals', { params: { page, limit: FRIENDS_PAGE_SIZE } }).then((r) => r.data),
};
