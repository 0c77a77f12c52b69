import {
  chatHistorySize,
  chatPhraseIds,
  type ChatMessage,
  type ChatPhrase,
  type ChatRoomMessage,
  type SendChatBody,
} from '@durak/protocol';
import { desc, eq } from 'drizzle-orm';
import { failure, ok, type Result } from '../shared/result.js';
import { chatMessages } from '../store/chat-schema.js';
import { users } from '../store/schema.js';
import type { Db, Tx } from '../store/db.js';
import { readRoom, seatsOfRoom } from '../room-core/room-store.js';
import { inRoomTransaction, type DomainContext } from '../room-core/domain-context.js';
import { chatTextFault } from './chat-text.js';
import { maskProfanity } from './mask-profanity.js';

export interface ChatService {
  /** The quick phrases: a stable id and the web's translation key of each. */
  phrases(): ChatPhrase[];
  /** A seated player's message: stored, then published on the room channel after the commit. */
  send(userId: number, roomId: number, body: SendChatBody): Promise<Result<ChatMessage>>;
  /** The table's last 50 messages, oldest first (the caller may watch the room: the route checks). */
  history(roomId: number): Promise<Result<{ items: ChatMessage[] }>>;
}

export interface ChatOptions {
  /** Messages one user may send in `windowMs`, across every table and node (FEATURES.md §11: 5 per 10 s). */
  readonly messagesPerWindow?: number;
  readonly windowMs?: number;
}

const phrases: ChatPhrase[] = chatPhraseIds.map((id) => ({ id, key: `tableChat.phrases.${id}` }));

type ChatRow = { id: number; userId: number; username: string; phraseId: string | null; text: string | null; createdAt: Date };

/** A stored row as the wire's message: exactly one of phrase_id and text. */
export function chatMessageOf(row: ChatRow): ChatMessage {
  return {
    id: row.id,
    from: { user_id: row.userId, username: row.username },
    ...(row.phraseId !== null ? { phrase_id: row.phraseId as ChatMessage['phrase_id'] } : { text: row.text ?? '' }),
    at: row.createdAt.toISOString(),
  };
}

const rowColumns = {
  id: chatMessages.id,
  userId: chatMessages.userId,
  username: users.username,
  phraseId: chatMessages.phraseId,
  text: chatMessages.text,
  createdAt: chatMessages.createdAt,
};

/** The last `limit` messages of a room, oldest first. */
export async function lastMessages(db: Db | Tx, roomId: number, limit: number): Promise<ChatMessage[]> {
  const rows = await db
    .select(rowColumns)
    .from(chatMessages)
    .innerJoin(users, eq(users.id, chatMessages.userId))
    .where(eq(chatMessages.roomId, roomId))
    .orderBy(desc(chatMessages.id))
    .limit(limit);
  return rows.reverse().map(chatMessageOf);
}

/**
 * Table chat (FEATURES.md §11). Messages are rows rather than only channel history: the room
 * channel's history (100 publications, 10 minutes) is shared with every game step, so a busy
 * game would trim the chat long before 50 messages (docs/decisions.md).
 */
export function createChatService(context: DomainContext, options: ChatOptions = {}): ChatService {
  const perWindow = options.messagesPerWindow ?? 5;
  const windowMs = options.windowMs ?? 10_000;
  return {
    phrases: () => phrases,

    async send(userId, roomId, body) {
      const { db } = context.store;
      const room = await readRoom(db, roomId);
      if (!room) return failure('room/not_found', `No room ${roomId}`);
      const seat = (await seatsOfRoom(db, roomId)).find((s) => s.userId === userId);
      if (!seat) return failure('chat/spectator_read_only', 'Only the players seated at this table may write in its chat');
      const fault = body.text === undefined ? undefined : chatTextFault(body.text);
      if (fault !== undefined) return failure('chat/invalid_text', `text: ${fault}`, { field: 'text' });
      // Per user, not per table: moving between tables must not reset the allowance.
      if (!(await context.limits.take(`chat:${userId}`, perWindow, windowMs))) {
        return failure('request/rate_limited', `At most ${perWindow} messages in ${windowMs / 1000} s, slow down`);
      }
      const content =
        body.phrase_id !== undefined ? { phraseId: body.phrase_id, text: null } : { phraseId: null, text: maskProfanity(body.text ?? '') };
      const message = await inRoomTransaction(context, roomId, async (tx, outbox, now) => {
        const [row] = await tx
          .insert(chatMessages)
          .values({ roomId, userId, ...content, createdAt: now })
          .returning({ id: chatMessages.id });
        const stored = chatMessageOf({ id: row!.id, userId, username: seat.username, ...content, createdAt: now });
        const publication: ChatRoomMessage = { type: 'chat', room_id: roomId, ...stored };
        outbox.toRoom(roomId, publication);
        return stored;
      });
      return ok(message);
    },

    async history(roomId) {
      const room = await readRoom(context.store.db, roomId);
      if (!room) return failure('room/not_found', `No room ${roomId}`);
      return ok({ items: await lastMessages(context.store.db, roomId, chatHistorySize) });
    },
  };
}
