import { http } from '../../net/http';
import { filterParams } from './filter-query';
import type { RoomFilter } from './filter-store';
import type { CreateRoomBody, Page, Room } from './room-types';

const base = '/v1/rooms';

/** The lobby's calls of the game API (DESIGN §7). */
export const roomsApi = {
  list: (filter: RoomFilter, page: number, signal?: AbortSignal) =>
    http.get<Page<Room>>(`${base}/`, { params: filterParams(filter, page), ...(signal ? { signal } : {}) }).then((r) => r.data),
  get: (id: string) => http.get<Room>(`${base}/${id}`).then((r) => r.data),
  create: (body: CreateRoomBody) => http.post<Room>(`${base}/`, body).then((r) => r.data),
  seat: (id: string, body: { position?: number; password?: string }) => http.post<unknown>(`${base}/${id}/seat`, body).then((r) => r.data),
};
