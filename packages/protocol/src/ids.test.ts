import { describe, expect, it } from 'vitest';
import { friendIdParams } from './friends.js';
import type { RoomId, UserId } from './ids.js';
import { roomIdParams } from './rooms.js';

// A service entry point as the rooms service declares its own: the caller first, then the room.
const seat = (userId: UserId, roomId: RoomId) => `${userId} sits in ${roomId}`;

describe('branded ids', () => {
  it('a room id parsed from a path is a room id and a friend id a user id, still plain numbers; swapped, they do not compile', () => {
    const room = roomIdParams.parse({ id: '7' }).id;
    const user = friendIdParams.parse({ id: '3' }).id;
    expect(seat(user, room)).toBe('3 sits in 7');
    expect(room + 1).toBe(8);
    // The type check of the project (tsc) fails if either line below compiles.
    // @ts-expect-error a room id where the user's belongs, and the other way round
    expect(seat(room, user)).toBe('7 sits in 3');
    // @ts-expect-error a bare number has not been through a parser
    expect(seat(3, room)).toBe('3 sits in 7');
  });
});
