import { card, type Card, type GameView } from '@durak/engine';
import { describe, expect, it } from 'vitest';
import { EMPTY_TABLE, isViewBehind, tableReducer, type TableMessage, type TableState } from './table-reducer';
import type { WatchSeat, WatchState } from './table-types';

const seat = (id: string, position: number, card_count = 6): WatchSeat => ({
  position,
  player: { player_id: id, username: `user${id}` },
  card_count,
  is_ready: true,
  is_connected: true,
  result: null,
});

const watch = (seq: number, patch: Partial<WatchState> = {}): WatchState => ({
  seats: { '1': seat('1', 0), '2': seat('2', 1) },
  status: 'in_progress',
  round: { slots: [], player_status: {} },
  trump_card: card('6H'),
  turn: { current_attacker_user_id: '1', current_defender_user_id: '2' },
  timers: [],
  talon_count: 24,
  discard_count: 0,
  seq,
  ...patch,
});

const hand = (...codes: string[]): Card[] => codes.map(card);
// Only the fields the table reads from a view matter here.
const view = (seq: number, cards: Card[]) => ({ seq, hand: cards }) as unknown as GameView;
const viewPush = (seq: number, cards: Card[]): TableMessage => ({ type: 'personal', event: { type: 'view', room_id: 9, seq, view: view(seq, cards) } });
const room = (event: { type: string; seq?: number; [key: string]: unknown }): TableMessage => ({ type: 'room', event });

/** Player 1's table after reading it at seq 5 with a hand of 7♠ 8♠ 9♠. */
const seated: TableState = tableReducer(EMPTY_TABLE, { type: 'read', watch: watch(5), view: view(5, hand('7S', '8S', '9S')) });
const run = (state: TableState, ...messages: TableMessage[]) => messages.reduce(tableReducer, state);

describe('what the player holds', () => {
  it.each<[string, TableState, TableMessage[], Card[]]>([
    ['the dealt hand shows once the table is read', EMPTY_TABLE, [{ type: 'read', watch: watch(5), view: view(5, hand('7S', '8S')) }], hand('7S', '8S')],
    ['a spectator holds nothing', EMPTY_TABLE, [{ type: 'read', watch: watch(5), view: null }], []],
    ['the next step’s view replaces the hand', seated, [viewPush(6, hand('8S', '9S'))], hand('8S', '9S')],
    ['a view two steps on is still the whole truth', seated, [viewPush(8, hand('9S'))], hand('9S')],
    ['an old view (from the channel history after a reconnect) does not bring back played cards', seated, [viewPush(4, hand('6S', '7S', '8S', '9S'))], hand('7S', '8S', '9S')],
    ['a played card leaves at once, before the server answers', seated, [{ type: 'card_played', card: card('8S') }], hand('7S', '9S')],
    ['a view of the step already held does not put a just-played card back', seated, [{ type: 'card_played', card: card('8S') }, viewPush(5, hand('7S', '8S', '9S'))], hand('7S', '9S')],
    ['the bare hand push is not read: the view of the same step carries it', seated, [{ type: 'personal', event: { type: 'hand', seq: 6, cards: hand('6D') } }], hand('7S', '8S', '9S')],
    ['a read answering older than a pushed view keeps the newer view', seated, [viewPush(7, hand('9S')), { type: 'read', watch: watch(6), view: view(6, hand('8S', '9S')) }], hand('9S')],
    ['a player who lost the seat holds nothing after the read', seated, [{ type: 'read', watch: watch(9, { seats: { '2': seat('2', 1) } }), view: null }], []],
  ])('%s', (_name, start, messages, expected) => {
    expect(run(start, ...messages).hand).toEqual(expected);
  });
});

describe('the table following the room', () => {
  it('puts a played card on the table and on the same step’s seq', () => {
    const next = run(seated, room({ type: 'played', seq: 6, player: '1', cards: [card('7S')], slot_ids: [1] }));
    expect(next.watch?.round.slots.map((s) => s.attack_card)).toEqual([card('7S')]);
    expect(next.watch?.seq).toBe(6);
    expect(next.isStale).toBe(false);
  });

  it.each<[string, TableMessage[], boolean]>([
    ['the next step is applied without a read', [room({ type: 'played', seq: 6, player: '1', cards: [card('7S')], slot_ids: [1] })], false],
    ['a missed step asks for a fresh read', [room({ type: 'turn', seq: 8, turn: null, timers: [] })], true],
    ['a seat taken asks for a fresh read (it carries no table)', [room({ type: 'seat_taken', seq: 0 })], true],
    ['a card caught asks for a fresh read', [room({ type: 'caught', seq: 6 })], true],
    ['an emoji changes nothing on the table', [room({ type: 'emoji', emoji: { name: 'smile' } })], false],
    ['an event already read is ignored', [room({ type: 'played', seq: 5, player: '1', cards: [card('7S')], slot_ids: [1] })], false],
    ['losing the seat (personal channel) asks for a fresh read', [{ type: 'personal', event: { type: 'seat_lost', room_id: 9 } }], true],
  ])('%s', (_name, messages, isStale) => {
    expect(run(seated, ...messages).isStale).toBe(isStale);
  });

  it('ignores an event already read and keeps the same state', () => {
    expect(run(seated, room({ type: 'played', seq: 4, player: '1', cards: [card('7S')] }))).toBe(seated);
  });

  it('a fresh read clears the need to read and takes the read’s seq', () => {
    const next = run(seated, room({ type: 'turn', seq: 9, turn: null, timers: [] }), { type: 'read', watch: watch(9), view: view(9, []) });
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
    ['is owed once the room moved past the player’s view', seated, [room({ type: 'played', seq: 6, player: '1', cards: [card('7S')], slot_ids: [1] })], '1', true],
    ['is paid by the view of that step', seated, [room({ type: 'played', seq: 6, player: '1', cards: [card('7S')], slot_ids: [1] }), viewPush(6, hand('8S', '9S'))], '1', false],
    ['is not owed to a spectator', seated, [room({ type: 'played', seq: 6, player: '1', cards: [card('7S')], slot_ids: [1] })], '7', false],
    ['is not owed once the game is over', tableReducer(EMPTY_TABLE, { type: 'read', watch: watch(9, { status: 'FINISHED' }), view: view(5, []) }), [], '1', false],
  ])('%s', (_name, start, messages, me, isBehind) => {
    expect(isViewBehind(run(start, ...messages), me)).toBe(isBehind);
  });
});
