import type { RateWindows } from '../limits/index.js';
import type { Store, Tx } from '../store/db.js';
import { publishOrder, withPublications, type Outbox, type Publisher, type RealtimeChannels } from '../publishing/outbox.js';
import type { BotDecisions, GameOverHook } from './room-seams.js';
import type { StakeGuard } from '../responsible-play/stake-guard.js';
import type { RoomsConfig } from './rooms-config.js';

/**
 * What the domains over a room share (rooms, games, practice, chat, emoji): the store, the
 * realtime channels and the publisher, the rooms' config and clock, the limits, the hooks wired in.
 */
export interface DomainContext {
  readonly store: Store;
  readonly realtime: RealtimeChannels;
  readonly publisher: Publisher;
  readonly config: RoomsConfig;
  /** The one clock of deadlines (DESIGN.md §8); tests move it forward instead of sleeping. */
  readonly now: () => Date;
  /** The emoji and room-password limits' counts, shared by every node through Redis when there is one. */
  readonly limits: RateWindows;
  /** Told of every finished game inside its last transaction (tournaments). */
  readonly onGameOver?: GameOverHook | undefined;
  /** Where the sweeper has the hard bot's decisions made, off the event loop; absent: on the spot. */
  readonly bots?: BotDecisions | undefined;
  /** The one stake guard (responsible play's limits, fair play's freeze), asked before a seat at a bet table. */
  readonly guard: StakeGuard;
}

/**
 * Runs `fn` in one transaction with an outbox, then publishes what it queued — only after the
 * commit, so nobody ever hears of a step that was rolled back.
 */
export async function inRoomTransaction<T>(
  context: DomainContext,
  roomId: number | ((value: T) => number),
  fn: (tx: Tx, outbox: Outbox, now: Date) => Promise<T>,
): Promise<T> {
  const now = context.now();
  const order = (value: T) => publishOrder.room(typeof roomId === 'number' ? roomId : roomId(value));
  return withPublications(context.store, context.publisher, order, (tx, outbox) => fn(tx, outbox, now));
}
