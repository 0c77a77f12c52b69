import type { Card } from '@durak/engine';
import { ACTION_PATHS, type PlayerActionType } from '@durak/protocol';
import type {
  ActionAnswer,
  AutoplayAnswer,
  Emoji,
  EmojiList,
  EmojiMessage,
  GameViewPayload,
  RoomPayload,
  SeatAnswer,
  SeatBody,
  SendEmojiRequest,
  WatchState,
} from '@durak/protocol';
import { http } from '../../net/http';

const base = '/v1/rooms';

const post = <A = ActionAnswer>(id: string, action: string, body?: unknown) =>
  http.post<A>(`${base}/${id}/${action}`, body ?? {}).then((r) => r.data);

/**
 * A move names the seq of the table the player saw (DESIGN §7): the server refuses it with
 * `rule/stale_seq` rather than apply it to a table that changed meanwhile.
 */
const move = (id: string, type: PlayerActionType, seq: number | undefined, body: object = {}) =>
  post(id, ACTION_PATHS[type], seq === undefined ? body : { ...body, seq });

/** A private room's password for its reads, when the caller watches without a seat (docs/decisions.md). */
const withPassword = (password: string | undefined) => (password ? { headers: { 'X-Room-Password': password } } : {});

/** The table's calls of the game API. */
export const tableApi = {
  room: (id: string) => http.get<RoomPayload>(`${base}/${id}`).then((r) => r.data),
  watch: (id: string, password?: string) => http.get<WatchState>(`${base}/${id}/watch`, withPassword(password)).then((r) => r.data),
  view: (id: string, password?: string) => http.get<GameViewPayload>(`${base}/${id}/view`, withPassword(password)).then((r) => r.data),
  seat: (id: string, body: SeatBody) => post<SeatAnswer>(id, 'seat', body),
  ready: (id: string) => post<RoomPayload>(id, 'ready'),
  attack: (id: string, cards: Card[], seq?: number) => move(id, 'attack', seq, { cards }),
  defence: (id: string, slot_id: number, card: Card, seq?: number) => move(id, 'defence', seq, { slot_id, card }),
  transfer: (id: string, card: Card, seq?: number) => move(id, 'transfer', seq, { card }),
  beat: (id: string, seq?: number) => move(id, 'beat', seq),
  take: (id: string, seq?: number) => move(id, 'take', seq),
  catch: (id: string, slot_id: number, seq?: number) => move(id, 'catch', seq, { slot_id }),
  leave: (id: string) => post(id, 'leave'),
  surrender: (id: string, seq?: number) => move(id, 'surrender', seq),
  /** Hands the seat to the computer (`on`) or takes it back: "I'm back" (FEATURES.md §11). */
  autoplay: (id: string, on: boolean) => http.post<AutoplayAnswer>(`${base}/${id}/autoplay`, { on }).then((r) => r.data),
  /** A finished game's rematch: the room the caller is seated in (FEATURES.md §6). */
  rematch: (id: string) => http.post<SeatAnswer>(`${base}/${id}/rematch`, {}).then((r) => r.data),
};

export const emojiApi = {
  list: () => http.get<EmojiList>('/emoji').then((r) => r.data.items),
  send: (roomId: string, recipient: SendEmojiRequest['recipient'], emoji: Emoji['id']) =>
    http.post<EmojiMessage>(`/v1/send-emoji/${roomId}/`, { recipient, emoji } satisfies SendEmojiRequest).then(() => undefined),
};
