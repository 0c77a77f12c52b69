import { DEFAULT_OPTIONS, awaited, createGame, legalActions, viewFor, type GameOptions, type GameState } from '@durak/engine';
import { describe, expect, it } from 'vitest';
import type { RoomRow } from '../room-core/room-store.js';
import { defaultRoomsConfig } from '../room-core/rooms-config.js';
import { botPauseMs } from '../bots/bot-pause.js';
import { botDeadline, dueTurn } from './bot-turn.js';

const options: GameOptions = { ...DEFAULT_OPTIONS, player_count: 3 };

/** The creator (id 1) is the only person; 2 and 3 are bots. */
const room = (botLevel: string | null) => ({ creatorId: 1, botLevel }) as RoomRow;

/** A game whose lead attacker is a bot (seeds are tried until one deals so). */
function gameWaitingForABot(): GameState {
  for (let i = 0; ; i++) {
    const created = createGame(options, ['1', '2', '3'], { seed: `bot-turn-${i}` });
    if (!created.ok) throw new Error(created.error.code);
    if (awaited(created.state).players[0] !== '1') return created.state;
  }
}

describe('a bot turn', () => {
  const now = new Date('2026-11-24T08:00:00Z');
  const config = { ...defaultRoomsConfig, botDelayMs: { min: 600, max: 1500 } };

  it('puts the deadline a pause away, drawn from the seed within the configured range', () => {
    const state = gameWaitingForABot();
    const pause = botPauseMs(state, config);
    expect(pause).toBeGreaterThanOrEqual(600);
    expect(pause).toBeLessThanOrEqual(1500);
    expect(botDeadline(room('normal'), state, now, config)).toEqual(new Date(now.getTime() + pause));
    // A room of people has no bots, and the person's own turn is not a bot's.
    expect(botDeadline(room(null), state, now, config)).toBeNull();
    expect(botDeadline({ ...room('normal'), creatorId: Number(awaited(state).players[0]) }, state, now, config)).toBeNull();
  });

  it('plays a legal move of the awaited bot, chosen from its view only', () => {
    const state = gameWaitingForABot();
    const bot = awaited(state).players[0]!;
    const turn = dueTurn(room('hard'), state, now, null);
    if (turn.kind !== 'bot') throw new Error(`expected a bot move, got ${turn.kind}`);
    expect(legalActions(state, bot)).toContainEqual(turn.actions[0]);
    // What the bot cannot see changes: the person's hand and the talon swap cards. Its move does not.
    const person = state.players.indexOf('1');
    const hidden = {
      ...state,
      hands: state.hands.map((h, seat) => (seat === person ? [state.talon[0]!, ...h.slice(1)] : h)),
      talon: [state.hands[person]![0]!, ...state.talon.slice(1)],
    };
    expect(viewFor(hidden, bot)).toEqual(viewFor(state, bot));
    expect(dueTurn(room('hard'), hidden, now, null)).toEqual(turn);
  });

  it('waits for the person when no bot is awaited, until their own timer runs out', () => {
    const state = gameWaitingForABot();
    const personFirst = { ...room('normal'), creatorId: Number(awaited(state).players[0]) };
    const later = new Date(now.getTime() + 30_000);
    expect(dueTurn(personFirst, state, now, later)).toEqual({ kind: 'wait', until: later });
    expect(dueTurn(personFirst, state, later, later)).toEqual({ kind: 'timeout' });
    expect(dueTurn(room(null), state, now, later)).toEqual({ kind: 'timeout' });
  });
});
