import type { Career, GameRecord, PlayerGameList, RatingList, RatingPeriod } from '@durak/protocol';
import { http } from '../../net/http';

export const PAGE_SIZE = 10;

/** The career tab's calls (FEATURES.md §3). */
export const careerApi = {
  career: () => http.get<Career>('/v1/player/career').then((r) => r.data),
  rating: (period: RatingPeriod, page: number) =>
    http.get<RatingList>('/v1/player/rating', { params: { period, page, limit: PAGE_SIZE } }).then((r) => r.data),
  games: (page: number) => http.get<PlayerGameList>('/v1/player/games', { params: { page, limit: PAGE_SIZE } }).then((r) => r.data),
  record: (roomId: number) => http.get<GameRecord>(`/v1/rooms/${roomId}/record`).then((r) => r.data),
};
