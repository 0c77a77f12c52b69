import type { RateWindows } from '../limits/index.js';
import type { Store, Tx } from '../store/db.js';
import { Outbox, type Publisher, type RoomsRealtime } from './outbox.js';
import type { RoomsConfig } from './rooms-config.js';

/** What the room and game services share. */
export interface RoomsContext {
  readonly store: Store;
  readonly realtime: RoomsRealtime;
  readonly publisher: Publisher;
  readonly config: RoomsConfig;
  /** The one clock of deadlines (DESIGN.md §8); tests move it forward instead of sleeping. */
  readonly now: () => Date;
  /** The emoji and room-password limits' counts, shared by every node through Redis when there is one. */
  readonly limits: RateWindows;
}

/**
 * Runs `fn` in one transaction with an outbox, then publishes what it queued — only after the
 * commit, so nobody ever hears of a step that was rolled back.
 */
export async function inRoomTransaction<T>(
  context: RoomsContext,
  roomId: number | ((value: T) => number),
  fn: (tx: Tx, outbox: Outbox, now: Date) => Promise<T>,
): Promise<T> {
  const outbox = new Outbox();
  const now = context.now();
  const value = await context.store.withTransaction((tx) => fn(tx, outbox, now));
  await context.publisher.flush(typeof roomId === 'number' ? roomId : roomId(value), outbox);
  return value;
}
