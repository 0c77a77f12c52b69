import { describe, expect, it } from 'vitest';
import { groupsOf } from './groups.js';
import { allSignals, chipDumping, linkedAccounts, machinePlay, softPlay, standInShare, type Signal } from './signals.js';
import { HistoryBuilder, rng } from './test-histories.js';
import { thresholds } from './thresholds.js';

const honestIds = Array.from({ length: 50 }, (_, i) => 1000 + i);
const over = (signals: readonly Signal[]) => signals.filter((s) => s.score >= thresholds.caseThreshold);

/** 50 honest players, 400 tables of 2-4. */
function honestTown(seed: number): HistoryBuilder {
  const b = new HistoryBuilder(rng(seed));
  for (const id of honestIds) b.account(id);
  return b.honest(honestIds, 400);
}

describe('every signal stays quiet on honest play', () => {
  for (const seed of [1, 2, 3]) {
    it(`50 honest players over 400 tables (seed ${seed}) open no case`, () => {
      const history = honestTown(seed).build();
      expect(over(allSignals(history))).toEqual([]);
      expect(groupsOf(allSignals(history))).toEqual([]);
    });
  }
});

describe('chip dumping', () => {
  it('a receiver fed by fresh accounts surrendering in private 1-vs-1 rooms is one case, receiver and feeders', () => {
    const b = honestTown(4);
    const receiver = 1;
    b.account(receiver);
    const feeders = [11, 12, 13, 14, 15];
    for (const f of feeders) b.account(f, { ageDays: 0 });
    for (let round = 0; round < 3; round++)
      for (const f of feeders) b.table({ players: [f, receiver], loser: f, loserReason: 'surrender', isPrivate: true, bet: 2500n });
    const history = b.build();
    const found = over(chipDumping(history));
    expect(found.map((s) => s.users).sort()).toEqual(feeders.map((f) => [f, receiver]).sort());
    expect(found[0]!.figures).toMatchObject({ games_together: 3, lost_to_receiver: 3, quick_loss: 1, private_room: 1, young: 1 });
    expect(found[0]!.games).toHaveLength(3);
    const groups = groupsOf(allSignals(history)).filter((g) => g.kind === 'chip_dumping');
    expect(groups).toHaveLength(1);
    expect(groups[0]!.accounts).toEqual([{ userId: receiver, role: 'receiver' }, ...feeders.map((userId) => ({ userId, role: 'feeder' }))]);
    // What reached the receiver: 15 games of 2,500 after a 5% rake.
    expect(groups[0]!.chips).toBe(15n * 2375n);
  });

  it('two friends trading wins in private 1-vs-1 games are not a ring', () => {
    const b = honestTown(5);
    b.account(1).account(2);
    for (let g = 0; g < 10; g++) b.table({ players: [1, 2], loser: g % 2 === 0 ? 1 : 2, isPrivate: true });
    expect(over(chipDumping(b.build())).filter((s) => s.users.includes(1))).toEqual([]);
  });
});

describe('linked accounts', () => {
  it('two accounts of one device with a referral between them fire; a shared office address alone does not', () => {
    const b = honestTown(6);
    b.account(1, { deviceId: 'phone-1' });
    b.account(2, { deviceId: 'phone-1', parentId: 1 });
    b.account(3, { address: '192.0.2.7' });
    b.account(4, { address: '192.0.2.7' });
    const found = over(linkedAccounts(b.build()));
    expect(found.map((s) => s.users)).toEqual([[1, 2]]);
    expect(found[0]!.figures).toMatchObject({ devices: 'phone-1', referral: 1 });
  });
});

describe('linked accounts behind one address', () => {
  it('a household of three on one address is linked by it; 300 players behind a carrier address are not, and their games together are', () => {
    const b = honestTown(9);
    for (const id of [1, 2, 3]) b.account(id, { address: '198.51.100.4' });
    for (let id = 2000; id < 2300; id++) b.account(id, { address: '203.0.113.9' });
    // One of the carrier's players also shares a device with a second one: that pair still fires.
    b.account(2300, { deviceId: 'device-2000', address: '203.0.113.9', parentId: 2000 });
    const found = linkedAccounts(b.build());
    const household = found.filter((s) => s.figures.addresses === '198.51.100.4').map((s) => s.users);
    expect(household).toEqual([
      [1, 2],
      [1, 3],
      [2, 3],
    ]);
    expect(found.filter((s) => String(s.figures.addresses).includes('203.0.113.9'))).toEqual([]);
    expect(over(found).map((s) => [s.users, s.figures.devices])).toEqual([[[2000, 2300], 'device-2000']]);
  });
});

describe('soft play', () => {
  it('a pair at 3-player tables who never throw in on each other fire within 100 shared games; their honest table-mates do not', () => {
    const b = honestTown(7);
    const [x, y] = [1, 2];
    b.account(x).account(y);
    const soft = (p: number, d: number) => ((p === x && d === y) || (p === y && d === x) ? 0.02 : 0.4);
    for (let g = 0; g < 100; g++) b.table({ players: [x, y, honestIds[g % 50]!], throwIn: soft });
    const found = over(softPlay(b.build()));
    expect(found.map((s) => s.users)).toEqual([[x, y]]);
    expect(Number(found[0]!.figures.took_a_on_b)).toBeLessThan(Number(found[0]!.figures.expected_a_on_b) / 4);
  });
});

describe('machine play', () => {
  it('a timing bot answering in 300 ms flat fires within 200 moves; a fast but human player does not', () => {
    const b = honestTown(8);
    b.account(1).account(2);
    const random = rng(9);
    const think = (p: number) => (p === 1 ? 300 + Math.floor(random() * 20) : 700 + Math.floor(-Math.log(1 - random()) * 1500));
    for (let g = 0; g < 22; g++) b.table({ players: [1, 2, honestIds[g]!], think });
    const found = machinePlay(b.build()).filter((s) => s.score >= thresholds.caseThreshold);
    expect(found.map((s) => s.users)).toEqual([[1]]);
    expect(Number(found[0]!.figures.moves)).toBeLessThanOrEqual(200);
  });
});

describe('stand-in share', () => {
  it('an account that hands most of its bet seats to the stand-in fires; an occasional drop does not', () => {
    const b = honestTown(10);
    b.account(1).account(2);
    for (let g = 0; g < 12; g++)
      b.table({
        players: [1, 2, honestIds[g]!],
        standIn: new Map([
          [1, 0.7],
          [2, 0.05],
        ]),
      });
    const found = over(standInShare(b.build()));
    expect(found.map((s) => s.users)).toEqual([[1]]);
  });
});
