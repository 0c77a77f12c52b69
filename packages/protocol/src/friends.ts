import { z } from 'zod';
import { userPathId } from './bounds.js';
import { links } from './common.js';

/** FEATURES.md §11: friends, presence and invitations to a table. */

/** The other person of a friend call (`/api/user/friends/{id}`): a user id. */
export const friendIdParams = z.object({ id: userPathId });

/** Who someone is, as a request, an invitation or a lobby seat shows them. */
export const personRef = z.object({ user_id: z.number().int(), username: z.string(), avatar: z.string().nullable() });
export type PersonRef = z.infer<typeof personRef>;

export const friendLine = z.object({
  user_id: z.number().int(),
  username: z.string(),
  avatar: z.string().nullable(),
  country: z.string().nullable(),
  is_online: z.boolean(),
  /** The table the friend sits at, when the caller may join or watch it (a room of the lobby). */
  room_id: z.number().int().optional(),
});
export type FriendLine = z.infer<typeof friendLine>;
export const friendList = z.object({ items: z.array(friendLine), links });
export type FriendList = z.infer<typeof friendList>;

/** An ask the caller received and has not answered. */
export const friendRequestLine = personRef.extend({ country: z.string().nullable(), requested_at: z.string() });
export type FriendRequestLine = z.infer<typeof friendRequestLine>;
export const friendRequestList = z.object({ items: z.array(friendRequestLine), links });
export type FriendRequestList = z.infer<typeof friendRequestList>;

/** Where a friendship stands after a call: asked and waiting, or friends. */
export const friendState = z.object({ user_id: z.number().int(), status: z.enum(['requested', 'friends']) });
export type FriendState = z.infer<typeof friendState>;

/** POST /api/v1/rooms/{id}/invite. */
export const roomInviteBody = z.object({ user_id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
export const roomInviteAnswer = z.object({ room_id: z.number().int(), user_id: z.number().int() });
export type RoomInviteAnswer = z.infer<typeof roomInviteAnswer>;

/** GET /api/v1/presence/summary, counted over every node. */
export const presenceSummary = z.object({
  /** Signed-in people with a realtime connection now. */
  online: z.number().int().nonnegative(),
  /** People (not bots) seated in a running game. */
  playing: z.number().int().nonnegative(),
  /** Lobby rooms waiting for players or for their start. */
  rooms_waiting: z.number().int().nonnegative(),
});
export type PresenceSummary = z.infer<typeof presenceSummary>;
