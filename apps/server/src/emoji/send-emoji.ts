import type { RoomMessage, SendEmojiBody } from '@durak/protocol';
import { eq } from 'drizzle-orm';
import { channels, Outbox, publishOrder } from '../publishing/outbox.js';
import { failure, ok, type Result } from '../shared/result.js';
import { readRoom, seatsOfRoom } from '../room-core/room-store.js';
import type { DomainContext } from '../room-core/domain-context.js';
import { emoji as emojiTable, users } from '../store/schema.js';

/** The room channel's emoji message, as the protocol declares it. */
export type EmojiPublication = Extract<RoomMessage, { type: 'emoji' }>;

export interface EmojiService {
  send(userId: number, roomId: number, body: SendEmojiBody): Promise<Result<EmojiPublication>>;
}

const windowMs = 10_000;

/**
 * Emoji at the table (SPEC §5): a throwable one only at another player, a non-throwable one only
 * at oneself; the sender sits in the room or watches it (is present on its channel). Limited per
 * sender and room in the shared limits (every node counts together); broadcast on the room channel, stored nowhere.
 */
export function createEmojiService(context: DomainContext): EmojiService {
  return {
    async send(userId, roomId, body) {
      const { db } = context.store;
      const room = await readRoom(db, roomId);
      if (!room || room.status === 'FINISHED') return failure('room/not_found', `No open room ${roomId}`);
      const byId = typeof body.emoji === 'number';
      const [found] = await db
        .select()
        .from(emojiTable)
        .where(byId ? eq(emojiTable.id, body.emoji as number) : eq(emojiTable.name, body.emoji as string));
      if (!found) return failure('emoji/not_found', `No emoji ${String(body.emoji)}`);
      const seats = await seatsOfRoom(db, roomId);
      const isSeated = seats.some((s) => s.userId === userId);
      if (!isSeated) {
        const present = await context.realtime.presence(channels.room(roomId)).catch(() => ({ users: [] as string[] }));
        if (!present.users.includes(String(userId))) return failure('room/not_seated', 'Sit at or watch the table to send emoji');
      }
      const toSelf = body.recipient.player_id === userId;
      if (found.isThrowable && toSelf) return failure('emoji/not_allowed', 'A throwable emoji goes at another player');
      if (!found.isThrowable && !toSelf) return failure('emoji/not_allowed', 'This emoji is only for your own seat');
      const target = seats.find((s) => s.userId === body.recipient.player_id);
      if (!toSelf && !target) return failure('emoji/not_allowed', 'The recipient does not sit at this table');
      if (!(await context.limits.take(`emoji:${userId}:${roomId}`, context.config.emojiPer10s, windowMs))) {
        return failure('request/rate_limited', 'Too many emoji, slow down');
      }
      const [me] = await db.select({ username: users.username }).from(users).where(eq(users.id, userId));
      const from = { player_id: userId, username: me?.username ?? '' };
      const publication: EmojiPublication = {
        type: 'emoji',
        room_id: roomId,
        from,
        to: toSelf ? from : { player_id: target!.userId, username: target!.username },
        emoji: { id: found.id, name: found.name, is_throwable: found.isThrowable },
      };
      // Through the typed outbox like every other publication, on the room's ordered chain.
      const outbox = new Outbox();
      outbox.toRoom(roomId, publication);
      await context.publisher.flush(publishOrder.room(roomId), outbox);
      return ok(publication);
    },
  };
}
