import { parseMessage, type LobbyMessage, type RoomMessage, type TournamentMessage, type UserMessage } from '@durak/protocol';

/** The message a channel carries, by its name (DESIGN §6): `lobby`, `room:{id}`, `#{user id}`, `tournament:{id}`. */
export type MessageOfChannel<C extends string> = C extends 'lobby'
  ? LobbyMessage
  : C extends `room:${string}`
    ? RoomMessage
    : C extends `#${string}`
      ? UserMessage
      : C extends `tournament:${string}`
        ? TournamentMessage
        : never;

/**
 * A publication checked against its channel's schema from @durak/protocol. Anything else (a
 * message of a newer server, a malformed one) is logged and dropped, never passed on: the screens
 * only ever see a message of the declared shape, and a stray one cannot crash them.
 */
export function readPublication<C extends string>(channel: C, data: unknown): MessageOfChannel<C> | null {
  const parsed = parseMessage(channel, data);
  if (!parsed.ok) {
    console.warn(`realtime: ignored a publication on ${channel}`, parsed.error, data);
    return null;
  }
  // parseMessage chose the schema by the same channel name the type is computed from.
  return parsed.message as MessageOfChannel<C>;
}
