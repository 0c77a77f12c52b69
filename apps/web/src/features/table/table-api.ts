import type { Card, GameView } from '@durak/engine';
import { http } from '../../net/http';
import type { RoomPayload } from '@durak/protocol';
import type { WatchState } from '@durak/protocol';

const base = '/v1/rooms';

/** What each action answers: the game's new seq (DESIGN §7). */
export interface ActionAnswer {
  seq?: number;
}

const post = (id: string, action: string, body?: unknown) => http.post<ActionAnswer>(`${base}/${id}/${action}`, body ?? {}).then((r) => r.data);

/**
 * A move names the seq of the table the player saw (DESIGN §7): the server refuses it with
 * `rule/stale_seq` rather than apply it to a table that changed meanwhile.
 */
const move = (id: string, action: string, seq: number | undefined, body: object = {}) => post(id, action, seq === undefined ? body : { ...body, seq });

/** A private room's password for its reads, when the caller watches without a seat (docs/decisions.md). */
const withPassword = (password: string | undefined) => (password ? { headers: { 'X-Room-Password': password } } : {});

/** The table's calls of the game API. */
export const tableApi = {
  room: (id: string) => http.get<RoomPayload>(`${base}/${id}`).then((r) => r.data),
  watch: (id: string, password?: string) => http.get<WatchState>(`${base}/${id}/watch`, withPassword(password)).then((r) => r.data),
  view: (id: string, password?: string) => http.get<GameView>(`${base}/${id}/view`, withPassword(password)).then((r) => r.data),
  seat: (id: string, body: { position?: number; password?: string }) => post(id, 'seat', body),
  ready: (id: string) => post(id, 'ready'),
  attack: (id: string, cards: Card[], seq?: number) => move(id, 'attack', seq, { cards }),
  defence: (id: string, slot_id: number, card: Card, seq?: number) => move(id, 'defence', seq, { slot_id, card }),
  transfer: (id: string, card: Card, seq?: number) => move(id, 'transfer', seq, { card }),
  beat: (id: string, seq?: number) => move(id, 'beat', seq),
  take: (id: string, seq?: number) => move(id, 'take', seq),
  catch: (id: string, slot_id: number, seq?: number) => move(id, 'catch', seq, { slot_id }),
  leave: (id: string) => post(id, 'leave'),
  surrender: (id: string, seq?: number) => move(id, 'surrender', seq),
  /** Hands the seat to the computer (`on`) or takes it back: "I'm back" (FEATURES.md §11). */
  autoplay: (id: string, on: boolean) => http.post<{ stand_in: boolean }>(`${base}/${id}/autoplay`, { on }).then((r) => r.data),
  /** A finished game's rematch: the room the caller is seated in (FEATURES.md §6). */
  rematch: (id: string) => http.post<{ position: number; room: RoomPayload }>(`${base}/${id}/rematch`, {}).then((r) => r.data),
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
