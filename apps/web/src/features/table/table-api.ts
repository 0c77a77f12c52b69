import type { Card, GameView } from '@durak/engine';
import { http } from '../../net/http';
import type { Room } from '../games/room-types';
import type { HandState, WatchState } from './table-types';

const base = '/v1/rooms';

/** What each action answers: the game's new seq (DESIGN §7). */
export interface ActionAnswer {
  seq?: number;
}

const post = (id: string, action: string, body?: unknown) => http.post<ActionAnswer>(`${base}/${id}/${action}`, body ?? {}).then((r) => r.data);

/** The table's calls of the game API. */
export const tableApi = {
  room: (id: string) => http.get<Room>(`${base}/${id}`).then((r) => r.data),
  watch: (id: string) => http.get<WatchState>(`${base}/${id}/watch`).then((r) => r.data),
  cards: (id: string) => http.get<HandState>(`${base}/${id}/cards`).then((r) => r.data),
  view: (id: string) => http.get<GameView>(`${base}/${id}/view`).then((r) => r.data),
  seat: (id: string, body: { position?: number; password?: string }) => post(id, 'seat', body),
  ready: (id: string) => post(id, 'ready'),
  attack: (id: string, cards: Card[]) => post(id, 'attack', { cards }),
  defence: (id: string, slot_id: number, card: Card) => post(id, 'defence', { slot_id, card }),
  transfer: (id: string, card: Card) => post(id, 'transfer', { card }),
  beat: (id: string) => post(id, 'beat'),
  take: (id: string) => post(id, 'take'),
  catch: (id: string, slot_id: number) => post(id, 'catch', { slot_id }),
  leave: (id: string) => post(id, 'leave'),
  surrender: (id: string) => post(id, 'surrender'),
};

export interface Emoji {
  id: number;
  name: string;
  is_throwable: boolean;
}

export const emojiApi = {
  list: () => http.get<{ items: Emoji[] } | Emoji[]>('/emoji').then((r) => (Array.isArray(r.data) ? r.data : r.data.items)),
  send: (roomId: string, recipient: { player_id: string | number; username: string }, emoji: Emoji['id']) =>
    http.post(`/v1/send-emoji/${roomId}/`, { recipient, emoji }).then(() => undefined),
};
