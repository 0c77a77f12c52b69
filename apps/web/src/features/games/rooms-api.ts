import { http } from '../../net/http';
import { filterParams } from './filter-query';
import type { RoomFilter } from './filter-store';
import type { RoomPayload } from '@durak/protocol';
import type { CreateRoomBody } from './create-room-form';
import type { PracticeRoomBody } from './practice-form';
import type { Page } from './room-options';

const base = '/v1/rooms';

/** The lobby's calls of the game API (DESIGN §7). */
export const roomsApi = {
  list: (filter: RoomFilter, page: number, signal?: AbortSignal) =>
    http.get<Page<RoomPayload>>(`${base}/`, { params: filterParams(filter, page), ...(signal ? { signal } : {}) }).then((r) => r.data),
  get: (id: string) => http.get<RoomPayload>(`${base}/${id}`).then((r) => r.data),
  create: (body: CreateRoomBody | PracticeRoomBody) => http.post<RoomPayload>(`${base}/`, body).then((r) => r.data),
  seat: (id: string, body: { position?: number; password?: string }) => http.post<unknown>(`${base}/${id}/seat`, body).then((r) => r.data),
};
