import type { TournamentDetail, TournamentPayload, TournamentPlayer, TournamentRoom, TournamentSeat } from '@durak/protocol';
import { http } from '../../net/http';

export type { TournamentDetail, TournamentPayload, TournamentPlayer, TournamentRoom };

export interface Page<T> {
  items: T[];
  links: { next: string | null; previous: string | null };
}
export interface PrizeDistribution {
  pool: string;
  items: { place: number; amount: string }[];
}
export interface PayoutPreset {
  id: number;
  name: string;
  places: number[];
}
export interface AdminTournamentRow {
  id: number;
  name: string;
  status: TournamentPayload['status'];
  entrants: number;
  rebuys: number;
  pool: string;
  paid: string;
  rake: string;
}
export interface PlaceInfo {
  place: number;
  user_id: number;
  username: string;
  round_reached: number;
  prize: string;
}
/** The creation body as the form sends it (amounts as decimal strings, FEATURES.md §1). */
export interface CreateTournamentRequest {
  name: string;
  buy_in: string;
  balance_type: 'BONUS_BALANCE' | 'BALANCE';
  starts_at: string;
  min_players: number;
  max_players: number;
  room_size: number;
  deck_size: 24 | 36;
  is_speed_mode: boolean;
  is_transfer_allowed: boolean;
  is_cheating_allowed: boolean;
  is_draw_allowed: boolean;
  is_death_match_allowed: boolean;
  is_classic_mode_allowed: boolean;
  card_transfer_permission: 'ALL_PLAYERS' | 'NEIGHBORS_ONLY';
  secret_trump_mode: boolean;
  rebuy_rounds: number;
  rebuy_price: string;
  guaranteed_pool: string;
  fee: string;
  payout_preset_id: number;
  is_pinned: boolean;
}

const base = '/v1/tournament';
const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

/** The tournament calls of FEATURES.md §1 (players' and admins'). */
export const tournamentApi = {
  list: (params: { page: number; limit: number; status?: string }, signal?: AbortSignal) =>
    http.get<Page<TournamentPayload>>(`${base}/`, { params, ...withSignal(signal) }).then((r) => r.data),
  /** The caller's running tournament game, if any (FEATURES.md §10). */
  seat: () => http.get<TournamentSeat>(`${base}/seat`).then((r) => r.data),
  get: (id: number, signal?: AbortSignal) => http.get<TournamentDetail>(`${base}/${id}`, withSignal(signal)).then((r) => r.data),
  players: (id: number, page: number, limit: number, signal?: AbortSignal) =>
    http.get<Page<TournamentPlayer>>(`${base}/${id}/players`, { params: { page, limit }, ...withSignal(signal) }).then((r) => r.data),
  /** The tournament's tables, newest first; `round` keeps only that round's. */
  rooms: (id: number, page: number, limit: number, signal?: AbortSignal, round: number | null = null) =>
    http.get<Page<TournamentRoom>>(`${base}/${id}/rooms`, { params: { page, limit, ...(round === null ? {} : { round }) }, ...withSignal(signal) }).then((r) => r.data),
  prizes: (id: number, signal?: AbortSignal) => http.get<PrizeDistribution>(`/v1/payout/tournament/${id}/prize-distribution`, withSignal(signal)).then((r) => r.data),
  register: (id: number) => http.post<TournamentDetail>(`${base}/registration`, { tournament_id: id }).then((r) => r.data),
  withdraw: (id: number) => http.post<TournamentDetail>(`${base}/cancel`, { tournament_id: id }).then((r) => r.data),
  rebuy: (id: number) => http.post<TournamentDetail>(`${base}/${id}/rebuy`).then((r) => r.data),

  presets: () => http.get<{ items: PayoutPreset[] }>('/v1/payout/tournament/presets').then((r) => r.data),
  create: (body: CreateTournamentRequest) => http.post<TournamentPayload>(`${base}/`, body).then((r) => r.data),
  setPinned: (id: number, isPinned: boolean) => http.patch<TournamentPayload>(`${base}/update/${id}/is_pinned`, { is_pinned: isPinned }).then((r) => r.data),
  pause: (id: number) => http.post<TournamentPayload>(`${base}/${id}/pause`).then((r) => r.data),
  resume: (id: number) => http.post<TournamentPayload>(`${base}/${id}/continue`).then((r) => r.data),
  cancel: (id: number) => http.delete<TournamentPayload>(`${base}/delete`, { data: { tournament_id: id } }).then((r) => r.data),
  adminInfo: (params: { page: number; limit: number; status?: string }, signal?: AbortSignal) =>
    http.get<Page<AdminTournamentRow>>('/v1/admin/tournament/info', { params, ...withSignal(signal) }).then((r) => r.data),
  placeInfo: (id: number, signal?: AbortSignal) => http.get<Page<PlaceInfo>>(`/v1/admin/tournament/${id}/place/info`, withSignal(signal)).then((r) => r.data),
};
