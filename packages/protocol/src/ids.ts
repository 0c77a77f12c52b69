/**
 * Ids with their kind in the type: a room's id where a user's is expected (or the two swapped in a
 * call) fails to compile. At run time they are plain numbers. They are made at the edges only: by
 * the id parsers of paths and queries (bounds.ts), from a verified access token, from a channel
 * name; inside a service and in rows they stay numbers.
 */
export type UserId = number & { readonly __brand: 'UserId' };
export type RoomId = number & { readonly __brand: 'RoomId' };

/** A user id the server already trusts (a verified token, its own row): no check, only the type. */
export const asUserId = (id: number): UserId => id as UserId;
/** A room id the server already trusts (its own row, a channel it named): no check, only the type. */
export const asRoomId = (id: number): RoomId => id as RoomId;
