import { card } from '@durak/engine';
import { describe, expect, it } from 'vitest';
import { applyRoomEvent, judgeSeq, needsRead } from './table-events';
import type { RoomMessage, WatchState } from '@durak/protocol';
import { aRoom } from '../../test-support/room';
import { aSeat, aWatch } from '../../test-support/table';

const seat = aSeat;
const watch = (patch: Partial<WatchState> = {}): WatchState => aWatch(5, patch);
const played = (seq: number): RoomMessage => ({ type: 'played', room_id: 9, seq, player: '1', cards: [card('7S')], slot_ids: [1] });

describe('seq order', () => {
  it.each([
    ['an event older than the last read', 4, 5, 5, 'stale'],
    ['an event of the step already read', 5, 5, 5, 'stale'],
    ['the next step', 6, 5, 5, 'apply'],
    ['another publication of the step being followed', 6, 5, 6, 'apply'],
    ['a step after a missed one', 8, 5, 6, 'gap'],
  ] as const)('judges %s', (_name, seq, read, live, verdict) => {
    expect(judgeSeq(played(seq), read, live)).toBe(verdict);
  });

  it('re-reads on seat and room changes, which carry no table data', () => {
    expect(needsRead({ type: 'room_changed', room_id: 9, seq: 0, room: aRoom({ id: 9 }) })).toBe(true);
    expect(needsRead(played(6))).toBe(false);
  });
});

describe('applying events', () => {
  it('puts an attack on the table and takes it from the attacker’s count', () => {
    const next = applyRoomEvent(watch(), { type: 'played', room_id: 9, seq: 6, player: '1', cards: [card('7S')], slot_ids: [1] });
    expect(next.round.slots).toEqual([{ slot_id: 1, attacker: '1', attack_card: card('7S'), defender: '2', defense_card: null }]);
    expect(next.seats['1']!.card_count).toBe(5);
    expect(next.seq).toBe(6);
  });

  it('lays a defence across its slot', () => {
    const played = applyRoomEvent(watch(), { type: 'played', room_id: 9, seq: 6, player: '1', cards: [card('7S')], slot_ids: [1] });
    const beaten = applyRoomEvent(played, { type: 'beaten', room_id: 9, seq: 7, player: '2', slot_id: 1, card: card('9S') });
    expect(beaten.round.slots[0]!.defense_card).toEqual(card('9S'));
    expect(beaten.seats['2']!.card_count).toBe(5);
  });

  it('clears the table to the discard and counts it', () => {
    const played = applyRoomEvent(watch(), { type: 'played', room_id: 9, seq: 6, player: '1', cards: [card('7S')], slot_ids: [1] });
    const discarded = applyRoomEvent(played, { type: 'discarded', room_id: 9, seq: 7, cards: [card('7S'), card('9S')] });
    expect(discarded.round.slots).toEqual([]);
    expect(discarded.discard_count).toBe(2);
  });

  it('gives the table to a taker and deals from the talon', () => {
    const taken = applyRoomEvent(watch(), { type: 'taken', room_id: 9, seq: 6, player: '2', cards: [card('7S'), card('8S')] });
    expect(taken.seats['2']!.card_count).toBe(8);
    const drawn = applyRoomEvent(taken, { type: 'drawn', room_id: 9, seq: 6, player: '1', count: 2 });
    expect(drawn.seats['1']!.card_count).toBe(8);
    expect(drawn.talon_count).toBe(22);
  });

  it('moves the defence on a transfer', () => {
    const next = applyRoomEvent(watch({ seats: { '1': seat('1', 0), '2': seat('2', 1), '3': seat('3', 2) } }), {
      type: 'transferred',
      room_id: 9,
      seq: 6,
      player: '2',
      card: card('7H'),
      slot_id: 2,
      defender: '3',
    });
    expect(next.turn).toEqual({ current_attacker_user_id: '2', current_defender_user_id: '3' });
    expect(next.round.slots.every((s) => s.defender === '3')).toBe(true);
  });

  it('shows who said take, the new turn and timers', () => {
    const taking = applyRoomEvent(watch(), { type: 'said_take', room_id: 9, seq: 6, player: '2' });
    expect(taking.round.player_status).toEqual({ '2': 'take' });
    const timers = [{ timer_response: { player_id: '1', created_at: '2026-01-01T00:00:00Z', expired_at: '2026-01-01T00:00:30Z' } }];
    const turned = applyRoomEvent(taking, {
      type: 'turn',
      room_id: 9,
      seq: 6,
      phase: 'play',
      turn: { current_attacker_user_id: '2', current_defender_user_id: '1' },
      timers,
    });
    expect(turned.turn?.current_attacker_user_id).toBe('2');
    expect(turned.timers).toEqual(timers);
  });

  it('ends the game with each seat’s result and amount and the revealed seed', () => {
    const over = applyRoomEvent(watch(), {
      type: 'game_over',
      room_id: 9,
      seq: 40,
      seed: 'abc',
      results: [
        { player: '1', result: 'victory', place: 1 },
        { player: '2', result: 'defeat', place: 2 },
      ],
      bets: [
        { playerId: '1', amount: '95' },
        { playerId: '2', amount: '-100' },
      ],
      seats: [
        { player_id: '1', result: 'victory', place: 1, amount: '95' },
        { player_id: '2', result: 'defeat', place: 2, amount: '-100' },
      ],
    });
    expect(over.status).toBe('FINISHED');
    expect(over.seed).toBe('abc');
    expect(over.seats['2']).toMatchObject({ result: 'defeat', amount: '-100' });
    expect(over.timers).toEqual([]);
  });
});
