import type { Career, PlayerGame, RatingList } from '@durak/protocol';
import type { Action, GameOptions } from '@durak/engine';
import { http } from '../../net/http';

export type RatingPeriod = 'all' | 'week';
export interface GamePage {
  items: PlayerGame[];
  links: { next: string | null; previous: string | null };
}
/** GET /api/v1/rooms/{id}/record: what a finished game publishes for anyone to re-check. */
export interface GameRecord {
  room_id: number;
  options: GameOptions;
  players: { player_id: string; username: string; position: number }[];
  seed: string | null;
  seed_hash: string | null;
  actions: { seq: number; action: Action }[];
}

export const PAGE_SIZE = 10;

/** The career tab's calls (FEATURES.md §3). */
export const careerApi = {
  career: () => http.get<Career>('/v1/player/career').then((r) => r.data),
  rating: (period: RatingPeriod, page: number) => http.get<RatingList>('/v1/player/rating', { params: { period, page, limit: PAGE_SIZE } }).then((r) => r.data),
  games: (page: number) => http.get<GamePage>('/v1/player/games', { params: { page, limit: PAGE_SIZE } }).then((r) => r.data),
  record: (roomId: number) => http.get<GameRecord>(`/v1/rooms/${roomId}/record`).then((r) => r.data),
};
