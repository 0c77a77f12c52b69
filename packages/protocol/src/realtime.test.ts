import { DEFAULT_OPTIONS } from '@durak/engine';
import { describe, expect, it } from 'vitest';
import { watchState } from './game-state.js';
import { channelKindOf, lobbyMessage, messageSchemaFor, parseMessage, roomMessage, tournamentMessage, userMessage } from './realtime.js';

const card = { suit: 'hearts', rank: '7' } as const;
const room = {
  id: 7,
  status: 'pending',
  bet_amount: '100',
  balance_type: 'BONUS_BALANCE',
  ...DEFAULT_OPTIONS,
  is_private: false,
  bot_level: null,
  seats_taken: 1,
  seats: [
    {
      position: 0,
      player_id: 1,
      username: 'ann',
      avatar_url: null,
      country: null,
      is_ready: false,
      is_bot: false,
      user_id: 1,
      avatar: null,
    },
  ],
  host: { user_id: 1, username: 'ann', avatar: null },
  created_at: '2026-01-01T00:00:00.000Z',
};
const at = { room_id: 7, seq: 3 };
const timer = { timer_response: { player_id: '1', created_at: '2026-01-01T00:00:00.000Z', expired_at: '2026-01-01T00:00:30.000Z' } };
const view = {
  viewer: '1',
  options: DEFAULT_OPTIONS,
  players: ['1', '2'],
  seats: { '1': { position: 0, player: { player_id: '1' }, card_count: 6, result: null } },
  status: 'in_progress',
  phase: 'play',
  round: { slots: [{ slot_id: 1, attacker: '1', attack_card: card, defender: '2', defense_card: null }], player_status: { '1': 'beat' } },
  trump_card: card,
  trump_suit: 'hearts',
  turn: { current_attacker_user_id: '1', current_defender_user_id: '2' },
  hand: [card],
  talon_count: 20,
  discard_count: 0,
  bout_limit: 5,
  is_first_discard_done: false,
  throwers: ['1'],
  catch_window_passed: [],
  cheat_banned: [],
  catch_banned: [],
  finishing_order: [],
  seq: 3,
  seed_hash: 'ab',
  seed: null,
};

const roomSamples = [
  { type: 'room_changed', ...at, room },
  { type: 'room_closed', ...at },
  { type: 'game_started', ...at, seed_hash: 'ab', players: ['1', '2'] },
  { type: 'turn', ...at, phase: 'play', turn: view.turn, timers: [timer] },
  { type: 'turn', ...at, phase: 'finished', turn: null, timers: [] },
  { type: 'chat', room_id: 7, id: 1, from: { user_id: 1, username: 'ann' }, phrase_id: 'good_luck', at: '2026-01-01T00:00:00.000Z' },
  { type: 'chat', room_id: 7, id: 2, from: { user_id: 2, username: 'bob' }, text: 'gg', at: '2026-01-01T00:00:01.000Z' },
  {
    type: 'emoji',
    room_id: 7,
    from: { player_id: 1, username: 'ann' },
    to: { player_id: 2, username: 'bob' },
    emoji: { id: 1, name: 'cry', is_throwable: false },
  },
  { type: 'stand_in', room_id: 7, seq: 3, player_id: '2', stand_in: true, reason: 'away' },
  { type: 'dealt', ...at, players: ['1', '2'], trump_card: null, seed_hash: 'ab' },
  { type: 'bout_started', ...at, attacker: '1', defender: '2' },
  { type: 'played', ...at, player: '1', cards: [card], slot_ids: [1] },
  { type: 'beaten', ...at, player: '2', slot_id: 1, card },
  { type: 'transferred', ...at, player: '2', card, slot_id: 2, defender: '1' },
  { type: 'said_beat', ...at, player: '1' },
  { type: 'said_take', ...at, player: '2' },
  { type: 'catch_window_opened', ...at },
  { type: 'caught', ...at, player: '1', accused: '2', slot_id: 1, card: null, is_correct: false },
  { type: 'taken', ...at, player: '2', cards: [card] },
  { type: 'discarded', ...at, cards: [card] },
  { type: 'drawn', ...at, player: '1', count: 2 },
  { type: 'trump_revealed', ...at, trump_card: card },
  { type: 'timed_out', ...at, player: '1' },
  { type: 'surrendered', ...at, player: '1' },
  { type: 'player_out', ...at, player: '1', result: 'victory' },
  {
    type: 'game_over',
    ...at,
    results: [{ player: '1', result: 'victory', place: 1 }],
    seed: 'cd',
    bets: [{ playerId: '1', amount: '90' }],
    seats: [{ player_id: '1', result: 'victory', place: 1, amount: '90' }],
  },
];
const userSamples = [
  { type: 'hand', ...at, cards: [card] },
  { type: 'view', ...at, awaited: ['1'], view },
  { type: 'seat_lost', room_id: 7, position: 0, reason: 'not_ready' },
  { type: 'seat_lost', room_id: 7, reason: 'insufficient_funds' },
  { type: 'wallet_changed', room_id: 7, wallet_type: 'BONUS_BALANCE', amount: '-100' },
  { type: 'wallet_changed', tournament_id: 3, wallet_type: 'BONUS_BALANCE', amount: '250' },
  { type: 'tournament_seated', tournament_id: 3, round: 2, room_id: 9 },
  { type: 'referral_bonus', role: 'inviter', other_username: 'anna', wallet_type: 'BONUS_BALANCE', amount: '1000' },
  { type: 'tournament_bye', tournament_id: 3, round: 2 },
  {
    type: 'wallet',
    wallets: [
      { wallet_type: 'BONUS_BALANCE', balance: '9900' },
      { wallet_type: 'BALANCE', balance: '0' },
    ],
  },
  { type: 'rematch_offered', room_id: 12, from_room_id: 7 },
  { type: 'friend_request', from: { user_id: 4, username: 'bo', avatar: null } },
  { type: 'friend_accepted', from: { user_id: 4, username: 'bo', avatar: '/uploads/a.webp' } },
  { type: 'room_invite', room_id: 12, from: { user_id: 4, username: 'bo', avatar: null } },
  { type: 'reality_check', minutes_played: 62, staked: '1500', net: '-300', due_at: '2026-03-01T12:00:00.000Z' },
  { type: 'seat_lost', room_id: 12, reason: 'responsible_play' },
];
const lobbySamples = [
  { type: 'room_created', room },
  { type: 'room_changed', room },
  { type: 'room_removed', room_id: 7 },
];
const tournamentSample = {
  id: 3,
  name: 'Sunday knockout',
  status: 'running',
  buy_in: '100',
  balance_type: 'BONUS_BALANCE',
  starts_at: '2026-11-24T12:00:00.000Z',
  min_players: 2,
  max_players: 64,
  room_size: 4,
  deck_size: 36,
  is_speed_mode: false,
  is_transfer_allowed: false,
  is_cheating_allowed: false,
  is_draw_allowed: false,
  is_death_match_allowed: false,
  is_classic_mode_allowed: true,
  card_transfer_permission: 'ALL_PLAYERS',
  secret_trump_mode: false,
  rebuy_rounds: 0,
  rebuy_price: '0',
  guaranteed_pool: '0',
  fee: '0',
  payout_preset_id: 2,
  is_pinned: false,
  round: 1,
  is_final: false,
  players_count: 7,
  pool: '700',
  next_round_at: null,
  format: 'knockout',
  duration_minutes: null,
  table_size: null,
  ends_at: null,
};
const tournamentSamples = [
  { type: 'tournament_changed', tournament_id: 3, tournament: tournamentSample },
  { type: 'players_changed', tournament_id: 3, round: 1, eliminated: [4, 5] },
  {
    type: 'round_started',
    tournament_id: 3,
    round: 1,
    is_final: false,
    rooms: [{ id: 9, round: 1, status: 'in_progress', player_count: 3 }],
  },
  {
    type: 'standings_changed',
    tournament_id: 3,
    items: [{ place: 1, user_id: 4, username: 'ann', avatar: null, points: 8, games: 4, wins: 3, streak: 3, playing: true, paused: false }],
    players_count: 7,
  },
];

describe('realtime messages', () => {
  it.each([
    ['room:7', roomMessage, roomSamples],
    ['#1', userMessage, userSamples],
    ['lobby', lobbyMessage, lobbySamples],
    ['tournament:3', tournamentMessage, tournamentSamples],
  ] as const)('every message type of %s parses, by its schema and by its channel', (channel, schema, samples) => {
    for (const sample of samples) {
      expect(schema.parse(sample)).toEqual(sample);
      expect(parseMessage(channel, sample)).toEqual({ ok: true, message: sample });
    }
  });

  it('covers every type a schema declares with a sample', () => {
    const typesOf = (schema: { options: readonly { shape: { type: { value: string } } }[] }) =>
      schema.options.map((o) => o.shape.type.value).sort();
    const sampled = (samples: readonly { type: string }[]) => [...new Set(samples.map((s) => s.type))].sort();
    expect(sampled(roomSamples)).toEqual(typesOf(roomMessage));
    expect(sampled(userSamples)).toEqual(typesOf(userMessage));
    expect(sampled(lobbySamples)).toEqual(typesOf(lobbyMessage));
    expect(sampled(tournamentSamples)).toEqual(typesOf(tournamentMessage));
  });

  it.each([
    ['room:7', { type: 'room_exploded', ...at }],
    ['#1', { type: 'hand', room_id: 7, seq: 3 }],
    ['lobby', { type: 'room_removed', room_id: '7' }],
    ['tournament:3', { type: 'tournament_changed', tournament_id: 3, tournament: { ...tournamentSample, status: 'postponed' } }],
    ['lobby', { room_id: 7 }],
    ['nowhere:1', { type: 'room_removed', room_id: 7 }],
  ])('refuses on %s an unknown or malformed message %j', (channel, data) => {
    expect(parseMessage(channel, data).ok).toBe(false);
  });

  it('tells a channel kind by its name', () => {
    expect(['lobby', 'room:7', '#42', 'tournament:3', 'other'].map(channelKindOf)).toEqual(['lobby', 'room', 'user', 'tournament', null]);
    expect(messageSchemaFor('#42')).toBe(userMessage);
    expect(messageSchemaFor('other')).toBeNull();
  });
});

describe('watch state', () => {
  const watch = {
    room_id: 7,
    room,
    status: 'in_progress',
    seq: 3,
    seats: {
      '1': {
        position: 0,
        player: { player_id: '1', username: 'ann' },
        avatar: null,
        country: null,
        card_count: 6,
        is_ready: true,
        is_connected: true,
        is_bot: false,
        stand_in: false,
        result: null,
        amount: null,
        result_reason: null,
        time_bank_ms: 30_000,
      },
    },
    round: view.round,
    phase: 'play',
    trump_card: card,
    trump_suit: 'hearts',
    turn: view.turn,
    timers: [timer],
    talon_count: 20,
    discard_count: 0,
    bout_limit: 5,
    finishing_order: [],
    seed_hash: 'ab',
    seed: null,
    results: null,
    rake: null,
  };

  it('parses a running game', () => {
    expect(watchState.parse(watch)).toEqual(watch);
  });

  it('refuses a seat result the spec does not know', () => {
    expect(watchState.safeParse({ ...watch, seats: { '1': { ...watch.seats['1'], result: 'winner' } } }).success).toBe(false);
  });

  it('knows why a seat’s game ended, and nothing else', () => {
    const over = (reason: string) => ({ ...watch, seats: { '1': { ...watch.seats['1'], result: 'defeat', result_reason: reason } } });
    for (const reason of ['normal', 'timeout', 'surrender', 'left']) expect(watchState.safeParse(over(reason)).success).toBe(true);
    expect(watchState.safeParse(over('bored')).success).toBe(false);
  });
});
