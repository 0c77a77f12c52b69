import type { FriendList, FriendRequestList, FriendState, PresenceSummary, ReferralList, RoomInviteAnswer } from '@durak/protocol';
import { http } from '../../net/http';

export const FRIENDS_PAGE_SIZE = 20;

/** Query keys of the friends' lists: a realtime friend notice invalidates them. */

/** The friends tab's calls (FEATURES.md §3, §11). */
export const friendsApi = {
  referrals: (page: number) =>
    http.get<ReferralList>('/user/referrals', { params: { page, limit: FRIENDS_PAGE_SIZE } }).then((r) => r.data),
  friends: (page: number) => http.get<FriendList>('/user/friends', { params: { page, limit: FRIENDS_PAGE_SIZE } }).then((r) => r.data),
  requests: () => http.get<FriendRequestList>('/user/friends/requests', { params: { page: 1, limit: 100 } }).then((r) => r.data),
  ask: (userId: number) => http.post<FriendState>(`/user/friends/${userId}`).then((r) => r.data),
  accept: (userId: number) => http.post<FriendState>(`/user/friends/${userId}/accept`).then((r) => r.data),
  decline: (userId: number) => http.post<null>(`/user/friends/${userId}/decline`).then(() => undefined),
  remove: (userId: number) => http.delete<null>(`/user/friends/${userId}`).then(() => undefined),
  invite: (roomId: number, userId: number) =>
    http.post<RoomInviteAnswer>(`/v1/rooms/${roomId}/invite`, { user_id: userId }).then((r) => r.data),
  presence: () => http.get<PresenceSummary>('/v1/presence/summary').then((r) => r.data),
};
