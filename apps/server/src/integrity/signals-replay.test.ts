import {
  DEFAULT_OPTIONS,
  applyAction,
  chooseAction,
  createGame,
  legalActions,
  viewFor,
  type Action,
  type GameOptions,
} from '@durak/engine';
import { describe, expect, it } from 'vitest';
import { seatFacts, type RecordedStep } from './replay.js';
import { chipDumping, machinePlay, type Signal } from './signals.js';
import { HistoryBuilder, rng } from './test-histories.js';
import { thresholds } from './thresholds.js';

// The signals that read what the replay of each finished game found (FEATURES.md §12): moves a
// `hard` bot would never make and freshly funded feeders (chip dumping), and play that matches
// the `hard` bot's choice far more often than people do (machine play).
const honestIds = Array.from({ length: 40 }, (_, i) => 2000 + i);
const over = (signals: readonly Signal[]) => signals.filter((s) => s.score >= thresholds.caseThreshold);

function town(seed: number): HistoryBuilder {
  const b = new HistoryBuilder(rng(seed));
  for (const id of honestIds) b.account(id);
  return b.honest(honestIds, 300);
}

describe('chip dumping that plays its games out', () => {
  // Old accounts, whole games (no surrender, no quick loss) in private 1-vs-1 rooms.
  const ring = (b: HistoryBuilder, feeders: readonly number[], receiver: number, gifts: number) => {
    for (let round = 0; round < 4; round++)
      for (const f of feeders)
        b.table({ players: [f, receiver], loser: f, isPrivate: true, bet: 1000n, gifts: (p) => (p === f ? gifts : 0) });
  };

  it('is found by the moves a hard bot would never make; the same games without them are not', () => {
    const feeders = [31, 32, 33];
    const b = town(5).account(30);
    for (const f of feeders) b.account(f);
    ring(b, feeders, 30, 2);
    const found = over(chipDumping(b.build()));
    expect(found.map((s) => s.users).sort()).toEqual(feeders.map((f) => [f, 30]).sort());
    expect(found[0]!.figures).toMatchObject({ quick_loss: 0, gift_moves: 1, young: 0, fresh_funding: 0 });

    const quiet = town(5).account(30);
    for (const f of feeders) quiet.account(f);
    ring(quiet, feeders, 30, 0);
    expect(over(chipDumping(quiet.build()))).toEqual([]);
  });

  it('counts a feeder funded from outside just before its first loss to the receiver as a newcomer', () => {
    const b = town(6).account(40).account(41).funding(41, 2);
    ring(b, [41], 40, 0);
    const [signal] = chipDumping(b.build()).filter((s) => s.users[0] === 41);
    expect(signal!.figures).toMatchObject({ young: 0, fresh_funding: 1 });
    expect(signal!.score).toBeGreaterThanOrEqual(thresholds.caseThreshold);

    // Funded a week before: an old account's own chips.
    const old = town(6)
      .account(40)
      .account(41)
      .funding(41, 24 * 7);
    ring(old, [41], 40, 0);
    expect(chipDumping(old.build()).find((s) => s.users[0] === 41)?.figures).toMatchObject({ fresh_funding: 0 });
    expect(over(chipDumping(old.build()))).toEqual([]);
  });
});

describe("machine play by the hard bot's choices", () => {
  it("fires for a player whose late-game choices are the hard bot's; people at the normal rate do not", () => {
    const b = town(7);
    const copier = 50;
    b.account(copier);
    for (let g = 0; g < 30; g++)
      b.table({ players: [copier, honestIds[g % honestIds.length]!], botMatch: (p) => (p === copier ? 0.97 : 0.78) });
    const signals = machinePlay(b.build());
    const mine = signals.find((s) => s.users[0] === copier)!;
    expect(mine.figures.bot_decisions as number).toBeGreaterThanOrEqual(thresholds.machinePlay.minDecisions);
    expect(mine.score).toBeGreaterThanOrEqual(thresholds.caseThreshold);
    expect(over(signals).map((s) => s.users[0])).toEqual([copier]);
  });
});

describe('the replay of a recorded game', () => {
  type Policy = (view: ReturnType<typeof viewFor>, legal: readonly Action[]) => Action | null;
  function recorded(seed: string, policies: readonly Policy[]) {
    const options = { ...DEFAULT_OPTIONS, player_count: policies.length } as GameOptions;
    const players = policies.map((_, i) => String(i + 1));
    const created = createGame(options, players, { seed });
    if (!created.ok) throw new Error(created.error.code);
    let state = created.state;
    const steps: RecordedStep[] = [{ action: null, cause: null }];
    for (let n = 0; n < 1000 && state.phase !== 'finished'; n++) {
      const next = players
        .map((p, i) => {
          const view = viewFor(state, p);
          const legal = legalActions(view, p).filter((a) => a.type !== 'surrender' && a.type !== 'catch');
          return legal.length === 0 ? null : policies[i]!(view, legal);
        })
        .find((a) => a !== null && a !== undefined && applyAction(state, a).ok);
      if (!next) break;
      const applied = applyAction(state, next);
      if (!applied.ok) break;
      state = applied.state;
      steps.push({ action: next, cause: null });
    }
    return { setup: { options, players, seed }, steps };
  }
  const normal: Policy = (view) => chooseAction(view, { level: 'normal', seed: 'player' });
  const random = rng(3);
  const easy: Policy = (view, legal) => chooseAction(view, legal, random);
  const gifter: Policy = (view, legal) => legal.find((a) => a.type === 'take') ?? easy(view, legal);

  it('counts a beatable bout taken once the talon is out as a gift, and none for the normal bot', async () => {
    let gifts = 0;
    let normalGifts = 0;
    for (const seed of ['g1', 'g2', 'g3']) {
      const { setup, steps } = recorded(seed, [gifter, normal]);
      const facts = await seatFacts(setup, steps, null);
      gifts += facts.get('1')?.gifts ?? 0;
      normalGifts += facts.get('2')?.gifts ?? 0;
    }
    expect(gifts).toBeGreaterThan(0);
    expect(normalGifts).toBe(0);
  });

  it("compares the player's own late-game choices with the bot's: a player who plays its moves matches all", async () => {
    // The bot asked here is the `normal` one (the `hard` one's search is the scan's cost, not this test's).
    const asked = async (view: ReturnType<typeof viewFor>) => chooseAction(view, { level: 'normal', seed: 'player' });
    const { setup, steps } = recorded('m1', [normal, easy]);
    const facts = await seatFacts(setup, steps, asked);
    const [mine, other] = [facts.get('1')!, facts.get('2')!];
    expect(mine.decisions).toBeGreaterThan(0);
    expect(mine.decisions).toBeLessThanOrEqual(thresholds.machinePlay.decisionsPerSeat);
    expect(mine.matches).toBe(mine.decisions);
    expect(other.matches).toBeLessThanOrEqual(other.decisions);
  });
});
