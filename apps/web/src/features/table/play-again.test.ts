import type { RoomPayload } from '@durak/protocol';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const create = vi.fn();
const rematch = vi.fn();
vi.mock('../games/rooms-api', () => ({ roomsApi: { create: (body: unknown) => create(body) } }));
vi.mock('./table-api', () => ({ tableApi: { rematch: (id: string) => rematch(id) } }));
const { playAgain } = await import('./play-again');

const room = (patch: Partial<RoomPayload>) =>
  ({
    id: 7,
    player_count: 3,
    deck_size: 24,
    bot_level: null,
    is_death_match_allowed: false,
    is_speed_mode: true,
    is_transfer_allowed: true,
    is_cheating_allowed: false,
    is_draw_allowed: false,
    secret_trump_mode: false,
    ...patch,
  }) as RoomPayload;

beforeEach(() => {
  create.mockReset().mockResolvedValue({ id: 42 });
  rematch.mockReset().mockResolvedValue({ room: { id: 43 }, position: 0 });
});

// FEATURES.md §17: practice "Play again" always failed, asking the server for a rematch it refuses.
describe('play again', () => {
  it('after a practice game starts a new practice game with the same options', async () => {
    expect(await playAgain('7', room({ bot_level: 'hard' }))).toBe(42);
    expect(rematch).not.toHaveBeenCalled();
    expect(create).toHaveBeenCalledWith(
      expect.objectContaining({ bots: 2, bot_level: 'hard', deck_size: 24, is_speed_mode: true, is_transfer_allowed: true }),
    );
  });

  it('after a game of people asks for its rematch', async () => {
    expect(await playAgain('7', room({}))).toBe(43);
    expect(rematch).toHaveBeenCalledWith('7');
    expect(create).not.toHaveBeenCalled();
  });
});
