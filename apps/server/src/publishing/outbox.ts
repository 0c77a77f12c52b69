import type { LobbyMessage, RoomMessage, TournamentMessage, UserMessage } from '@durak/protocol';
import type { PublishItem, PublishOptions } from '../realtime/index.js';
import type { ReadonlyDeep } from '../shared/readonly-deep.js';
import type { Store, Tx } from '../store/db.js';
import { isRefusal } from '../store/transaction-rule.js';

/**
 * A node's realtime channels as every domain sees them (rooms, games, friends, players, the
 * publisher): publish to a channel, read who is on one. The realtime gateway, or a test double.
 */
export interface RealtimeChannels {
  /** With an idempotency key, a repeated publish (a retried flush, another node) is delivered once. */
  publish(channel: string, data: unknown, options?: PublishOptions): Promise<unknown>;
  /** Several publications in order, in one call to the broker; absent (a test double): one `publish` each. */
  publishMany?(items: readonly PublishItem[]): Promise<unknown>;
  presence(channel: string): Promise<{ users: string[] }>;
}

export interface Message {
  readonly channel: string;
  readonly data: ReadonlyDeep<RoomMessage | UserMessage | LobbyMessage | TournamentMessage>;
}

export const channels = {
  lobby: 'lobby',
  room: (id: number) => `room:${id}`,
  user: (id: number | string) => `#${id}`,
  tournament: (id: number) => `tournament:${id}`,
};

/**
 * Messages a transaction produced; published only after it commits (DESIGN.md §1). The channel
 * kind decides the message type (packages/protocol realtime.ts), so nothing else can be queued.
 */
export class Outbox {
  readonly messages: Message[] = [];
  toRoom(roomId: number, message: ReadonlyDeep<RoomMessage>): void {
    this.messages.push({ channel: channels.room(roomId), data: message });
  }
  toUser(userId: number | string, message: ReadonlyDeep<UserMessage>): void {
    this.messages.push({ channel: channels.user(userId), data: message });
  }
  toLobby(message: ReadonlyDeep<LobbyMessage>): void {
    this.messages.push({ channel: channels.lobby, data: message });
  }
  toTournament(tournamentId: number, message: ReadonlyDeep<TournamentMessage>): void {
    this.messages.push({ channel: channels.tournament(tournamentId), data: message });
  }
}

/**
 * What a flush is ordered by: the messages of a committed transaction wait for the earlier ones of
 * the same order (a room's steps, one user's notices, a tournament's rounds), never for others.
 */
export type PublishOrder = `room:${number}` | `user:${number}` | `tournament:${number}`;
export const publishOrder = {
  room: (id: number): PublishOrder => `room:${id}`,
  user: (id: number): PublishOrder => `user:${id}`,
  tournament: (id: number): PublishOrder => `tournament:${id}`,
} as const;

export interface Publisher {
  /** Publishes a committed transaction's messages in order; per `order`, in commit order on this node. */
  flush(order: PublishOrder, outbox: Outbox): Promise<void>;
}

/**
 * Runs `fn` in one transaction with an outbox, then publishes what it queued after the commit
 * (never before: nobody hears of a change that was rolled back). Every domain's write that
 * publishes goes through here; `order` may depend on what `fn` returned. A refusal (a failed
 * `Result`) rolls the transaction back (the store's transaction rule) and publishes nothing.
 */
export async function withPublications<T>(
  store: Store,
  publisher: Publisher,
  order: PublishOrder | ((value: T) => PublishOrder),
  fn: (tx: Tx, outbox: Outbox) => Promise<T>,
): Promise<T> {
  const outbox = new Outbox();
  const value = await store.withTransaction((tx) => fn(tx, outbox));
  if (isRefusal(value)) return value;
  await publisher.flush(typeof order === 'string' ? order : order(value), outbox);
  return value;
}

/**
 * Publishing after commit is ordered per room: the chain makes a later commit's messages wait
 * for an earlier one's, so a client sees seqs in order. A failed publish is logged, not retried:
 * the client notices the seq gap and re-reads the watch state.
 */
export function createPublisher(realtime: RealtimeChannels, onError: (error: unknown) => void): Publisher {
  const chains = new Map<PublishOrder, Promise<void>>();
  return {
    flush(order, outbox) {
      if (outbox.messages.length === 0) return Promise.resolve();
      const previous = chains.get(order) ?? Promise.resolve();
      const next = previous.then(async () => {
        if (realtime.publishMany) {
          // The whole outbox in one broker call (one Redis script call), so a move costs one round
          // trip to Redis, and this node's subscribers get its messages in one turn: one frame each.
          await realtime.publishMany(outbox.messages).catch(onError);
          return;
        }
        // Issued at once, in order: the broker sends them down one connection in that order.
        const sent = outbox.messages.map((m) => realtime.publish(m.channel, m.data));
        for (const result of await Promise.allSettled(sent)) if (result.status === 'rejected') onError(result.reason);
      });
      chains.set(order, next);
      void next.then(() => {
        if (chains.get(order) === next) chains.delete(order);
      });
      return next;
    },
  };
}
