import { card, type Card } from '@durak/engine';
import { describe, expect, it } from 'vitest';
import { EMPTY_TABLE, isViewBehind, tableReducer, type TableMessage, type TableState } from './table-reducer';
import type { RoomMessage, UserMessage } from '@durak/protocol';
import { aRoom } from '../../test-support/room';
import { aSeat, aView, aWatch } from '../../test-support/table';

const seat = aSeat;
const watch = aWatch;

const hand = (...codes: string[]): Card[] => codes.map(card);
const view = aView;
const viewPush = (seq: number, cards: Card[]): TableMessage => ({
  type: 'personal',
  event: { type: 'view', room_id: 9, seq, awaited: ['1'], view: view(seq, cards) },
});
const room = (event: RoomMessage): TableMessage => ({ type: 'room', event });
const personal = (event: UserMessage): TableMessage => ({ type: 'personal', event });
const played = (seq: number): TableMessage => room({ type: 'played', room_id: 9, seq, player: '1', cards: [card('7S')], slot_ids: [1] });

/** Player 1's table after reading it at seq 5 with a hand of 7♠ 8♠ 9♠. */
const seated: TableState = tableReducer(EMPTY_TABLE, { type: 'read', watch: watch(5), view: view(5, hand('7S', '8S', '9S')) });
const run = (state: TableState, ...messages: TableMessage[]) => messages.reduce(tableReducer, state);

describe('what the player holds', () => {
  it.each<[string, TableState, TableMessage[], Card[]]>([
    [
      'the dealt hand shows once the table is read',
      EMPTY_TABLE,
      [{ type: 'read', watch: watch(5), view: view(5, hand('7S', '8S')) }],
      hand('7S', '8S'),
    ],
    ['a spectator holds nothing', EMPTY_TABLE, [{ type: 'read', watch: watch(5), view: null }], []],
    ['the next step’s view replaces the hand', seated, [viewPush(6, hand('8S', '9S'))], hand('8S', '9S')],
    ['a view two steps on is still the whole truth', seated, [viewPush(8, hand('9S'))], hand('9S')],
    [
      'an old view (from the channel history after a reconnect) does not bring back played cards',
      seated,
      [viewPush(4, hand('6S', '7S', '8S', '9S'))],
      hand('7S', '8S', '9S'),
    ],
    ['a played card leaves at once, before the server answers', seated, [{ type: 'card_played', card: card('8S') }], hand('7S', '9S')],
    [
      'a view of the step already held does not put a just-played card back',
      seated,
      [{ type: 'card_played', card: card('8S') }, viewPush(5, hand('7S', '8S', '9S'))],
      hand('7S', '9S'),
    ],
    [
      'the bare hand push is not read: the view of the same step carries it',
      seated,
      [personal({ type: 'hand', room_id: 9, seq: 6, cards: hand('6D') })],
      hand('7S', '8S', '9S'),
    ],
    [
      'a read answering older than a pushed view keeps the newer view',
      seated,
      [viewPush(7, hand('9S')), { type: 'read', watch: watch(6), view: view(6, hand('8S', '9S')) }],
      hand('9S'),
    ],
    [
      'a player who lost the seat holds nothing after the read',
      seated,
      [{ type: 'read', watch: watch(9, { seats: { '2': seat('2', 1) } }), view: null }],
      [],
    ],
  ])('%s', (_name, start, messages, expected) => {
    expect(run(start, ...messages).hand).toEqual(expected);
  });
});

describe('the table following the room', () => {
  it('puts a played card on the table and on the same step’s seq', () => {
    const next = run(seated, played(6));
    expect(next.watch?.round.slots.map((s) => s.attack_card)).toEqual([card('7S')]);
    expect(next.watch?.seq).toBe(6);
    expect(next.isStale).toBe(false);
  });

  it('a read that left before the last step arrived does not bring back the older table (the game over stays)', () => {
    const over = run(seated, played(6), { type: 'read', watch: watch(9, { status: 'FINISHED' }), view: null });
    const next = run(over, { type: 'read', watch: watch(6), view: null });
    expect(next.watch?.seq).toBe(9);
    expect(next.watch?.status).toBe('FINISHED');
  });

  it.each<[string, TableMessage[], boolean]>([
    ['the next step is applied without a read', [played(6)], false],
    ['a missed step asks for a fresh read', [room({ type: 'turn', room_id: 9, seq: 8, phase: 'play', turn: null, timers: [] })], true],
    [
      'a seat taken or left asks for a fresh read (it carries no table)',
      [room({ type: 'room_changed', room_id: 9, seq: 0, room: aRoom({ id: 9 }) })],
      true,
    ],
    [
      'a card caught asks for a fresh read',
      [room({ type: 'caught', room_id: 9, seq: 6, player: '2', accused: '1', slot_id: 1, card: card('7S'), is_correct: true })],
      true,
    ],
    [
      'an emoji changes nothing on the table',
      [
        room({
          type: 'emoji',
          room_id: 9,
          from: { player_id: 2, username: 'user2' },
          to: { player_id: 1, username: 'user1' },
          emoji: { id: 1, name: 'smile', is_throwable: false },
        }),
      ],
      false,
    ],
    ['an event already read is ignored', [played(5)], false],
    ['losing the seat (personal channel) asks for a fresh read', [personal({ type: 'seat_lost', room_id: 9, reason: 'not_ready' })], true],
  ])('%s', (_name, messages, isStale) => {
    expect(run(seated, ...messages).isStale).toBe(isStale);
  });

  it('ignores an event already read and keeps the same state', () => {
    expect(run(seated, played(4))).toBe(seated);
  });

  it('a fresh read clears the need to read and takes the read’s seq', () => {
    const next = run(seated, room({ type: 'turn', room_id: 9, seq: 9, phase: 'play', turn: null, timers: [] }), {
      type: 'read',
      watch: watch(9),
      view: view(9, []),
    });
    expect(next).toMatchObject({ isStale: false, readSeq: 9, liveSeq: 9, error: null });
  });

  it('keeps the table on screen when a read fails, with the error', () => {
    const error = new Error('offline');
    const next = run(seated, { type: 'read_failed', error });
    expect(next.error).toBe(error);
    expect(next.watch?.seq).toBe(5);
  });
});

describe('the view owed for a step on the table', () => {
  it.each<[string, TableState, TableMessage[], string, boolean]>([
    ['is owed once the room moved past the player’s view', seated, [played(6)], '1', true],
    ['is paid by the view of that step', seated, [played(6), viewPush(6, hand('8S', '9S'))], '1', false],
    ['is not owed to a spectator', seated, [played(6)], '7', false],
    [
      'is not owed once the game is over',
      tableReducer(EMPTY_TABLE, { type: 'read', watch: watch(9, { status: 'FINISHED' }), view: view(5, []) }),
      [],
      '1',
      false,
    ],
  ])('%s', (_name, start, messages, me, isBehind) => {
    expect(isViewBehind(run(start, ...messages), me)).toBe(isBehind);
  });
});

describe('a rematch', () => {
  it('another player’s offer on the personal channel lights up “play again”', () => {
    const over = tableReducer(EMPTY_TABLE, { type: 'read', watch: watch(9, { status: 'FINISHED' }), view: null });
    expect(over.rematchRoomId).toBeNull();
    expect(run(over, personal({ type: 'rematch_offered', room_id: 12, from_room_id: 9 })).rematchRoomId).toBe(12);
  });

  it('a table read after the offer still knows it from the finished room', () => {
    const read = tableReducer(EMPTY_TABLE, {
      type: 'read',
      watch: watch(9, { status: 'FINISHED', room: aRoom({ id: 9, status: 'FINISHED', rematch_room_id: 12 }) }),
      view: null,
    });
    expect(read.rematchRoomId).toBe(12);
  });
});

describe('the time bank', () => {
  const bankTurn = (seq: number): TableMessage =>
    room({
      type: 'turn',
      room_id: 9,
      seq,
      phase: 'play',
      turn: { current_attacker_user_id: '1', current_defender_user_id: '2' },
      timers: [
        { timer_response: { player_id: '1', created_at: '2026-01-01T00:00:30Z', expired_at: '2026-01-01T00:01:00Z' }, is_time_bank: true },
      ],
      time_banks: { '1': 30_000, '2': 12_000 },
    });

  it('a bank that starts on the step just read is shown, not dropped as stale', () => {
    const after = run(seated, bankTurn(5));
    expect(after.watch?.timers[0]?.is_time_bank).toBe(true);
    expect(after.isStale).toBe(false);
  });

  it('each step’s turn brings every seat’s bank left', () => {
    expect(run(seated, bankTurn(6)).watch?.seats['2']?.time_bank_ms).toBe(12_000);
  });

  it('the end of the game brings each seat’s reason and the rake', () => {
    const over = run(
      seated,
      room({
        type: 'game_over',
        room_id: 9,
        seq: 6,
        results: [],
        seed: null,
        bets: [],
        seats: [
          { player_id: '1', result: 'defeat', place: 2, amount: '-100', result_reason: 'timeout' },
          { player_id: '2', result: 'victory', place: 1, amount: '95', result_reason: 'normal' },
        ],
        rake: '5',
      }),
    );
    expect(over.watch?.seats['1']?.result_reason).toBe('timeout');
    expect(over.watch?.rake).toBe('5');
  });
});

describe('the computer playing a seat (stand-in)', () => {
  const standIn = (player: string, isOn: boolean, reason: 'away' | 'reconnected' | 'back'): TableMessage => ({
    type: 'room',
    event: { type: 'stand_in', room_id: 9, seq: 5, player_id: player, stand_in: isOn, reason },
    me: '1',
  });

  it('marks the seat at once, though the message repeats the seq already read', () => {
    const next = run(seated, standIn('2', true, 'away'));
    expect(next.watch?.seats['2']?.stand_in).toBe(true);
    expect(next.isStale).toBe(false);
    expect(run(next, standIn('2', false, 'reconnected')).watch?.seats['2']?.stand_in).toBe(false);
  });

  it('tells the player the computer played for them when it gave the seat back on their return, until they close the notice', () => {
    const back = run(seated, standIn('1', true, 'away'), standIn('1', false, 'reconnected'));
    expect(back.wasPlayedFor).toBe(true);
    expect(run(back, { type: 'played_for_seen' }).wasPlayedFor).toBe(false);
    // Another player's return, or taking the seat back by "I'm back", is no news for this player.
    expect(run(seated, standIn('2', false, 'reconnected')).wasPlayedFor).toBe(false);
    expect(run(seated, standIn('1', true, 'away'), standIn('1', false, 'back')).wasPlayedFor).toBe(false);
  });

  // FEATURES.md §17: a dropped player's seat looked normal for ~20 s, then suddenly "computer playing".
  it('marks a dropped seat offline at once, and back on its return, without "played for you"', () => {
    const drop: TableMessage = {
      type: 'room',
      event: { type: 'stand_in', room_id: 9, seq: 5, player_id: '1', stand_in: false, reason: 'away', is_connected: false },
      me: '1',
    };
    const dropped = run(seated, drop);
    expect(dropped.watch?.seats['1']).toMatchObject({ is_connected: false, stand_in: false });
    const back = run(dropped, { ...drop, event: { ...drop.event, reason: 'reconnected', is_connected: true } } as TableMessage);
    expect(back.watch?.seats['1']?.is_connected).toBe(true);
    expect(back.wasPlayedFor).toBe(false);
  });
});
