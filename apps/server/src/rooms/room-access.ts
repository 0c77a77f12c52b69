import { asRoomId, asUserId, type RoomId, type UserId } from '@durak/protocol';
import type { RateWindows } from '../limits/index.js';
import { defaultCanSubscribe, type CanSubscribe } from '../realtime/index.js';
import { seatsOfRoom, type RoomRow } from '../room-core/room-store.js';
import { failure, ok, type Result } from '../shared/result.js';
import type { Store } from '../store/db.js';
import { createPasswordAttempts } from './password-attempts.js';
import { checkRoomPassword } from './room-password.js';
import { hasRoomInvite } from './room-invites.js';

/**
 * Who may enter a private room (FEATURES.md §11, §17): its seated players, a friend its creator
 * invited (`room-invites.ts`), and whoever gives its password. Wrong passwords are counted per
 * user and room (`password-attempts.ts`): a user who keeps guessing is refused for a while.
 */
export interface RoomAccess {
  /** The watch rule: a public room is open to all; a private one to its players, invited friends and its password. */
  mayWatch(room: RoomRow, userId: number, password: string | undefined): Promise<Result<true>>;
  /**
   * Before a seat at a private room, read outside the room's lock (scrypt is slow and must not
   * hold the room): an invited friend needs no password, anyone else gives the right one.
   */
  maySeat(room: RoomRow, userId: number, password: string | undefined): Promise<Result<true>>;
}

export function createRoomAccess(options: { readonly store: Store; readonly limits: RateWindows }): RoomAccess {
  const { store } = options;
  const attempts = createPasswordAttempts(options.limits, 5, 60_000);
  const tooManyTries = () => failure('request/rate_limited', 'Too many wrong passwords for this room: try again in a minute');

  /** A private room's password check, counted. */
  async function passwordGate(room: RoomRow, userId: number, password: string | undefined, hash: string): Promise<Result<true>> {
    if (await attempts.isBlocked(userId, room.id)) return tooManyTries();
    const isRight = await checkRoomPassword(password, hash);
    if (isRight) return ok(true);
    await attempts.recordFailure(userId, room.id);
    return failure('room/wrong_password', 'This room needs its password');
  }

  return {
    async mayWatch(room, userId, password) {
      if (room.passwordHash === null) return ok(true);
      if ((await seatsOfRoom(store.db, room.id)).some((s) => s.userId === userId)) return ok(true);
      if (await hasRoomInvite(store.db, room.id, userId)) return ok(true);
      if (password === undefined || password === '')
        return failure('room/password_required', 'This room is private: its password is needed to watch it');
      return passwordGate(room, userId, password, room.passwordHash);
    },

    async maySeat(room, userId, password) {
      if (room.passwordHash === null || (await hasRoomInvite(store.db, room.id, userId))) return ok(true);
      return passwordGate(room, userId, password, room.passwordHash);
    },
  };
}

/**
 * The gateway's channel rule with private rooms: `room:{id}` of a private room is refused (103)
 * unless the user sits there or the subscription's data carries the password, as the web sends
 * it with `newSubscription(channel, { data: { password } })`. A room that does not exist is
 * refused too, so nobody can subscribe ahead to a room that will be created private.
 */
export function roomChannelRule(service: {
  canWatch(userId: UserId, roomId: RoomId, password: string | undefined): Promise<Result<true>>;
}): CanSubscribe {
  return async (userId, channel, data) => {
    const decision = defaultCanSubscribe(userId, channel);
    if (decision !== true || !channel.startsWith('room:')) return decision;
    const roomId = Number(channel.slice('room:'.length));
    if (!Number.isSafeInteger(roomId) || roomId <= 0) return false;
    const password =
      typeof data === 'object' && data !== null && 'password' in data && typeof data.password === 'string' ? data.password : undefined;
    return (await service.canWatch(asUserId(Number(userId)), asRoomId(roomId), password)).ok;
  };
}
