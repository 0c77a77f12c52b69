import { DEFAULT_OPTIONS } from '@durak/engine';
import type { RoomPayload } from '@durak/protocol';

/** A lobby room as the server sends it (tests only): a public 2-seat 36-card room, open, changed by `patch`. */
export function aRoom(patch: Partial<RoomPayload> = {}): RoomPayload {
  return {
    id: 1,
    status: 'pending',
    bet_amount: '100',
    balance_type: 'BONUS_BALANCE',
    ...DEFAULT_OPTIONS,
    is_private: false,
    bot_level: null,
    seats_taken: 0,
    seats: [],
    host: null,
    created_at: '2026-01-01T00:00:00.000Z',
    ...patch,
  };
}
