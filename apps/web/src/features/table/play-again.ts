import type { RoomPayload } from '@durak/protocol';
import { practiceRoomBody } from '../games/practice-form';
import { roomsApi } from '../games/rooms-api';
import { tableApi } from './table-api';

/**
 * "Play again" after a finished game (FEATURES.md §6, §17). A room of people gets its rematch; a
 * practice room's bots are never asked, so the player gets a new practice game with the same
 * options instead (the server answers `room/no_rematch` to a practice room's rematch, which used
 * to show "Could not start a rematch" every time). Resolves to the room to go to.
 */
export async function playAgain(roomId: string, room: RoomPayload | undefined): Promise<number> {
  if (room && room.bot_level !== null) {
    const body = practiceRoomBody({
      bots: room.player_count - 1,
      bot_level: room.bot_level,
      deck_size: room.deck_size === 24 || room.deck_size === 52 ? room.deck_size : 36,
      is_team_mode: room.is_team_mode ?? false,
      is_death_match_allowed: room.is_death_match_allowed,
      is_speed_mode: room.is_speed_mode,
      is_transfer_allowed: room.is_transfer_allowed,
      is_cheating_allowed: room.is_cheating_allowed,
      is_draw_allowed: room.is_draw_allowed,
      secret_trump_mode: room.secret_trump_mode,
    });
    return (await roomsApi.create(body)).id;
  }
  return (await tableApi.rematch(roomId)).room.id;
}
