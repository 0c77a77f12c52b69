import { http } from '../../net/http';
import { filterParams } from './filter-query';
import type { RoomFilter } from './filter-store';
import type { CreateRoomInput, RoomList, RoomPayload, SeatAnswer, SeatBody } from '@durak/protocol';

const base = '/v1/rooms';

/** The lobby's calls of the game API (DESIGN §7). */
export const roomsApi = {
  list: (filter: RoomFilter, page: number, signal?: AbortSignal) =>
    http.get<RoomList>(`${base}/`, { params: filterParams(filter, page), ...(signal ? { signal } : {}) }).then((r) => r.data),
  get: (id: string) => http.get<RoomPayload>(`${base}/${id}`).then((r) => r.data),
  create: (body: CreateRoomInput) => http.post<RoomPayload>(`${base}/`, body).then((r) => r.data),
  seat: (id: string, body: SeatBody) => http.post<SeatAnswer>(`${base}/${id}/seat`, body).then((r) => r.data),
};
