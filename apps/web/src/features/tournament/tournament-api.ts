import type {
  AdminTournamentInfo,
  ArenaStandingList,
  CreateTournamentRequest,
  PayoutPresetList,
  PlaceInfoList,
  PrizeDistribution,
  TournamentDetail,
  TournamentList,
  TournamentPayload,
  TournamentPlayerList,
  TournamentRoomList,
  TournamentSeat,
  TournamentStatus,
} from '@durak/protocol';
import { http } from '../../net/http';

const base = '/v1/tournament';
const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});
/** The audit reason rides in a header, URI-encoded (any language fits), as the admin area sends it. */
const withReason = (reason: string) => ({ headers: { 'X-Audit-Reason': encodeURIComponent(reason) } });

/** The tournament calls of FEATURES.md §1 (players' and admins'). */
export const tournamentApi = {
  list: (params: { page: number; limit: number; status?: TournamentStatus }, signal?: AbortSignal) =>
    http.get<TournamentList>(`${base}/`, { params, ...withSignal(signal) }).then((r) => r.data),
  /** The caller's running tournament game, if any (FEATURES.md §10). */
  seat: () => http.get<TournamentSeat>(`${base}/seat`).then((r) => r.data),
  get: (id: number, signal?: AbortSignal) => http.get<TournamentDetail>(`${base}/${id}`, withSignal(signal)).then((r) => r.data),
  players: (id: number, page: number, limit: number, signal?: AbortSignal) =>
    http.get<TournamentPlayerList>(`${base}/${id}/players`, { params: { page, limit }, ...withSignal(signal) }).then((r) => r.data),
  /** The tournament's tables, newest first; `round` keeps only that round's. */
  rooms: (id: number, page: number, limit: number, signal?: AbortSignal, round: number | null = null) =>
    http
      .get<TournamentRoomList>(`${base}/${id}/rooms`, {
        params: { page, limit, ...(round === null ? {} : { round }) },
        ...withSignal(signal),
      })
      .then((r) => r.data),
  prizes: (id: number, signal?: AbortSignal) =>
    http.get<PrizeDistribution>(`/v1/payout/tournament/${id}/prize-distribution`, withSignal(signal)).then((r) => r.data),
  register: (id: number) => http.post<TournamentDetail>(`${base}/registration`, { tournament_id: id }).then((r) => r.data),
  withdraw: (id: number) => http.post<TournamentDetail>(`${base}/cancel`, { tournament_id: id }).then((r) => r.data),
  rebuy: (id: number) => http.post<TournamentDetail>(`${base}/${id}/rebuy`).then((r) => r.data),
  /** An arena's board, a page of it (FEATURES.md §15). */
  standings: (id: number, page: number, limit: number, signal?: AbortSignal) =>
    http.get<ArenaStandingList>(`${base}/${id}/standings`, { params: { page, limit }, ...withSignal(signal) }).then((r) => r.data),
  /** An arena's player back into the pairing, or out of it with their points kept. */
  join: (id: number) => http.post<TournamentDetail>(`${base}/${id}/join`).then((r) => r.data),
  pauseMe: (id: number) => http.post<TournamentDetail>(`${base}/${id}/pause`).then((r) => r.data),

  presets: () => http.get<PayoutPresetList>('/v1/payout/tournament/presets').then((r) => r.data),
  // An admin's writes carry the reason typed in their confirmation (audited; FEATURES.md §17).
  create: (body: CreateTournamentRequest, reason: string) =>
    http.post<TournamentPayload>(`${base}/`, body, withReason(reason)).then((r) => r.data),
  setPinned: (id: number, isPinned: boolean, reason: string) =>
    http.patch<TournamentPayload>(`${base}/update/${id}/is_pinned`, { is_pinned: isPinned }, withReason(reason)).then((r) => r.data),
  pause: (id: number, reason: string) =>
    http.post<TournamentPayload>(`${base}/${id}/pause`, undefined, withReason(reason)).then((r) => r.data),
  resume: (id: number, reason: string) =>
    http.post<TournamentPayload>(`${base}/${id}/continue`, undefined, withReason(reason)).then((r) => r.data),
  cancel: (id: number, reason: string) =>
    http.delete<TournamentPayload>(`${base}/delete`, { data: { tournament_id: id }, ...withReason(reason) }).then((r) => r.data),
  adminInfo: (params: { page: number; limit: number; status?: TournamentStatus }, signal?: AbortSignal) =>
    http.get<AdminTournamentInfo>('/v1/admin/tournament/info', { params, ...withSignal(signal) }).then((r) => r.data),
  placeInfo: (id: number, signal?: AbortSignal) =>
    http.get<PlaceInfoList>(`/v1/admin/tournament/${id}/place/info`, withSignal(signal)).then((r) => r.data),
};
