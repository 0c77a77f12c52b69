import { flowsOf, ownMoves, type GameHistory, type History, type SignInRecord } from './history.js';
import { thresholds } from './thresholds.js';

/**
 * The fair-play signals (FEATURES.md §12), pure functions of a `History`: each answers the
 * accounts it is about, a score 0..1, the figures behind the score and the games behind it.
 * Every weight and threshold is in `thresholds.ts`.
 */

export type SignalKind = 'chip_dumping' | 'linked_accounts' | 'soft_play' | 'machine_play' | 'stand_in_share';

export interface Signal {
  readonly kind: SignalKind;
  /** chip_dumping: [feeder, receiver]; pairs sorted; one user for machine play and the stand-in share. */
  readonly users: readonly number[];
  readonly score: number;
  readonly figures: Readonly<Record<string, number | string>>;
  readonly games: readonly number[];
  /** Chips that moved between the accounts in those games (chip dumping, linked accounts). */
  readonly chips: bigint;
}

const clamp = (x: number) => Math.max(0, Math.min(1, x));
const round = (x: number) => Math.round(x * 1000) / 1000;
const day = 24 * 3600 * 1000;

/** Chip dumping: per feeder -> receiver, the chips lost to that one winner and how they were lost. */
export function chipDumping(history: History): Signal[] {
  const t = thresholds.chipDumping;
  const pairs = new Map<string, { games: GameHistory[]; flow: bigint; losses: number; quick: number; priv: number; headsUp: number }>();
  const lostTotal = new Map<number, bigint>();
  for (const game of history.games) {
    for (const o of game.outcomes) if (o.amount < 0n) lostTotal.set(o.userId, (lostTotal.get(o.userId) ?? 0n) - o.amount);
    for (const [key, chips] of flowsOf(game)) {
      const pair = pairs.get(key) ?? { games: [], flow: 0n, losses: 0, quick: 0, priv: 0, headsUp: 0 };
      const feeder = Number(key.split('>')[0]);
      const outcome = game.outcomes.find((o) => o.userId === feeder)!;
      pair.games.push(game);
      pair.flow += chips;
      pair.losses += 1;
      if (outcome.reason !== 'normal' || ownMoves(game, feeder) <= t.quickLossMoves) pair.quick += 1;
      if (game.isPrivate) pair.priv += 1;
      if (game.outcomes.length === 2) pair.headsUp += 1;
      pairs.set(key, pair);
    }
  }
  const signals: Signal[] = [];
  for (const [key, pair] of pairs) {
    const [feeder, receiver] = key.split('>').map(Number) as [number, number];
    const together = history.games.filter(
      (g) => g.outcomes.some((o) => o.userId === feeder) && g.outcomes.some((o) => o.userId === receiver),
    );
    const back = together.reduce((sum, g) => sum + (flowsOf(g).get(`${receiver}>${feeder}`) ?? 0n), 0n);
    const net = pair.flow - back;
    const averageBet = together.reduce((sum, g) => sum + g.bet, 0n) / BigInt(Math.max(1, together.length));
    if (together.length < t.minGames || net < averageBet * BigInt(t.minStakes) || net <= 0n) continue;
    const oneSided = pair.losses / together.length;
    const concentration = Number(pair.flow) / Number(lostTotal.get(feeder) ?? pair.flow);
    const account = history.accounts.get(feeder);
    const firstGame = Math.min(...together.map((g) => g.finishedAt));
    const young = account && firstGame - account.createdAt < t.youngDays * day ? 1 : 0;
    const gifts = pair.games.reduce((sum, g) => sum + (g.facts?.get(feeder)?.gifts ?? 0), 0);
    const w = t.weights;
    const parts = {
      concentration: concentration,
      quick_loss: pair.quick / pair.losses,
      gift_moves: clamp((gifts / pair.losses - t.honestGiftsPerGame) / (t.giftsPerGame - t.honestGiftsPerGame)),
      private_room: pair.priv / pair.losses,
      heads_up: pair.headsUp / pair.losses,
      young,
      fresh_funding: isFreshlyFunded(history, feeder, pair.games) ? 1 : 0,
    };
    const score = clamp(
      oneSided *
        (w.concentration * parts.concentration +
          w.given * Math.max(parts.quick_loss, parts.gift_moves) +
          w.privateRoom * parts.private_room +
          w.headsUp * parts.heads_up +
          w.newcomer * Math.max(parts.young, parts.fresh_funding)),
    );
    signals.push({
      kind: 'chip_dumping',
      users: [feeder, receiver],
      score: round(score),
      figures: { games_together: together.length, lost_to_receiver: pair.losses, one_sided: round(oneSided), ...roundAll(parts) },
      games: together.map((g) => g.roomId),
      chips: net,
    });
  }
  return signals;
}

/**
 * Chips from outside the tables reached the feeder shortly before its stake in the first game it
 * lost to the receiver (both times by the ledger's clock).
 */
function isFreshlyFunded(history: History, feeder: number, lost: readonly GameHistory[]): boolean {
  const stakes = lost.map((g) => g.stakedAt?.get(feeder)).filter((at): at is number => at !== undefined);
  if (stakes.length === 0) return false;
  const first = Math.min(...stakes);
  const window = thresholds.chipDumping.freshFundingHours * 3600_000;
  return (history.fundings ?? []).some((f) => f.userId === feeder && f.at <= first && first - f.at <= window);
}

/**
 * Linked accounts: the same device, the same Telegram user, the same address within an hour. Sign-ins
 * are grouped by each value rather than compared two by two: an address behind a carrier's NAT can
 * carry hundreds of sign-ins, and the scan shares the event loop with the tables. An address seen
 * with more than `addressMaxAccounts` accounts is a carrier's, an office's or a venue's, and links
 * nobody.
 */
export function linkedAccounts(history: History): Signal[] {
  const t = thresholds.linkedAccounts;
  const byPair = new Map<string, { device: Set<string>; telegram: Set<string>; address: Set<string> }>();
  const pairOf = (a: number, b: number) => {
    const key = a < b ? `${a}-${b}` : `${b}-${a}`;
    const found = byPair.get(key) ?? { device: new Set<string>(), telegram: new Set<string>(), address: new Set<string>() };
    byPair.set(key, found);
    return found;
  };
  const groups = {
    device: new Map<string, SignInRecord[]>(),
    telegram: new Map<string, SignInRecord[]>(),
    address: new Map<string, SignInRecord[]>(),
  };
  const add = <K, V>(map: Map<K, V[]>, key: K | null, value: V) => {
    if (key === null) return;
    const list = map.get(key);
    if (list) list.push(value);
    else map.set(key, [value]);
  };
  for (const record of history.signIns) {
    add(groups.device, record.deviceId, record);
    add(groups.telegram, record.telegramId, record);
    add(groups.address, record.address, record);
  }
  for (const kind of ['device', 'telegram'] as const)
    for (const [value, records] of groups[kind]) {
      const users = [...new Set(records.map((r) => r.userId))];
      for (let i = 0; i < users.length; i++) for (let j = i + 1; j < users.length; j++) pairOf(users[i]!, users[j]!)[kind].add(value);
    }
  const window = t.addressWindowMinutes * 60_000;
  for (const [address, records] of groups.address) {
    if (new Set(records.map((r) => r.userId)).size > t.addressMaxAccounts) continue;
    const sorted = [...records].sort((a, b) => a.at - b.at);
    for (let i = 0; i < sorted.length; i++)
      for (let j = i + 1; j < sorted.length && sorted[j]!.at - sorted[i]!.at <= window; j++)
        if (sorted[i]!.userId !== sorted[j]!.userId) pairOf(sorted[i]!.userId, sorted[j]!.userId).address.add(address);
  }
  const gamesOf = new Map<number, GameHistory[]>();
  for (const game of history.games) for (const userId of new Set(game.outcomes.map((o) => o.userId))) add(gamesOf, userId, game);
  const signals: Signal[] = [];
  for (const [key, link] of byPair) {
    const [a, b] = key.split('-').map(Number) as [number, number];
    const isReferral = history.accounts.get(a)?.parentId === b || history.accounts.get(b)?.parentId === a;
    const shared = (gamesOf.get(a) ?? []).filter((g) => g.outcomes.some((o) => o.userId === b));
    const chips = shared.reduce((sum, g) => {
      const flows = flowsOf(g);
      return sum + (flows.get(`${a}>${b}`) ?? 0n) + (flows.get(`${b}>${a}`) ?? 0n);
    }, 0n);
    const score =
      (link.device.size > 0 ? t.device : 0) +
      (link.telegram.size > 0 ? t.telegram : 0) +
      (link.address.size > 0 ? t.address : 0) +
      (isReferral ? t.referral : 0) +
      (chips > 0n ? t.sharedGames : 0);
    signals.push({
      kind: 'linked_accounts',
      users: [a, b],
      score: round(clamp(score)),
      figures: {
        devices: [...link.device].join(' '),
        telegram_users: [...link.telegram].join(' '),
        addresses: [...link.address].join(' '),
        referral: isReferral ? 1 : 0,
        games_together: shared.length,
      },
      games: shared.map((g) => g.roomId),
      chips,
    });
  }
  return signals;
}

/**
 * Soft play at 3-6 player tables: in every bout each player still in but the defender had a chance
 * to throw in on the defender (the attacker beyond its first attack); a pair who take that chance
 * on each other far less than they do on the others, in the same role, is soft on each other.
 * Counted per chance, not per game.
 */
export function softPlay(history: History): Signal[] {
  const t = thresholds.softPlay;
  // `${role}:${p}>${d}` -> [chances, taken]; role 'a' (the bout's attacker) or 't' (anyone else).
  const counts = new Map<string, [number, number]>();
  const games = new Map<string, Set<number>>();
  for (const game of history.games) {
    if (game.outcomes.length < 3) continue;
    const inGame = new Set(game.outcomes.map((o) => o.userId));
    let bout = null as { attacker: number; defender: number; played: Map<number, number> } | null;
    const close = () => {
      if (!bout) return;
      for (const p of inGame) {
        if (p === bout.defender) continue;
        const isAttacker = p === bout.attacker;
        const key = `${isAttacker ? 'a' : 't'}:${p}>${bout.defender}`;
        const [n, k] = counts.get(key) ?? [0, 0];
        const tookIt = (bout.played.get(p) ?? 0) > (isAttacker ? 1 : 0);
        counts.set(key, [n + 1, k + (tookIt ? 1 : 0)]);
        const pair = p < bout.defender ? `${p}-${bout.defender}` : `${bout.defender}-${p}`;
        games.set(pair, (games.get(pair) ?? new Set()).add(game.roomId));
      }
    };
    for (const step of game.steps)
      for (const event of step.events) {
        if (event.type === 'bout_started') {
          close();
          bout = { attacker: Number(event.attacker), defender: Number(event.defender), played: new Map() };
        } else if (event.type === 'played' && bout) bout.played.set(Number(event.player), (bout.played.get(Number(event.player)) ?? 0) + 1);
        else if (event.type === 'transferred' && bout) bout = { ...bout, defender: Number(event.defender) };
        else if (event.type === 'player_out') inGame.delete(Number(event.player));
      }
    close();
  }
  // Per role and player, the chances and throw-ins on everyone: the rate on the others is these less the pair's.
  const totals = new Map<string, [number, number]>();
  for (const [key, [n, k]] of counts) {
    const owner = key.slice(0, key.indexOf('>'));
    const [tn, tk] = totals.get(owner) ?? [0, 0];
    totals.set(owner, [tn + n, tk + k]);
  }
  /** Chances of p on d, what p took, and what p would have taken at its rate on the others per role. */
  const lean = (p: number, d: number) => {
    let chances = 0;
    let took = 0;
    let expected = 0;
    let othersRate = 0;
    // Only the throw-ins of players besides the bout's attacker: the attacker's own further cards
    // depend on what it holds far more than on whom it faces.
    for (const role of ['t']) {
      const [n, k] = counts.get(`${role}:${p}>${d}`) ?? [0, 0];
      // Everything p was offered in this role, less what it was offered on d.
      const [all, allTaken] = totals.get(`${role}:${p}`) ?? [0, 0];
      const on = all - n;
      const rate = on > 0 ? (allTaken - k) / on : 0;
      chances += n;
      took += k;
      expected += n * rate;
      othersRate = Math.max(othersRate, rate);
    }
    return { chances, took, expected, othersRate };
  };
  const signals: Signal[] = [];
  for (const [pair, roomIds] of games) {
    const [a, b] = pair.split('-').map(Number) as [number, number];
    const [ab, ba] = [lean(a, b), lean(b, a)];
    // Pooled over both directions: at a 3-player table one of the pair often attacks the other
    // and so has no third-party chance on them (seats decide who attacks whom).
    if (ab.chances + ba.chances < t.minChances) continue;
    if (Math.min(ab.othersRate, ba.othersRate) < t.minOthersRate) continue;
    const expected = ab.expected + ba.expected;
    const softness = clamp(1 - (ab.took + ba.took) / Math.max(1e-9, expected));
    signals.push({
      kind: 'soft_play',
      users: [a, b],
      score: round(softness),
      figures: {
        chances_a_on_b: ab.chances,
        took_a_on_b: ab.took,
        expected_a_on_b: round(ab.expected),
        chances_b_on_a: ba.chances,
        took_b_on_a: ba.took,
        expected_b_on_a: round(ba.expected),
      },
      games: [...roomIds],
      chips: 0n,
    });
  }
  return signals;
}

/**
 * Machine play: the player's own decision times too fast or too regular for a person (over at
 * least `minMoves`), or its late-game choices matching the `hard` bot's far more often than human
 * play does (over at least `minDecisions`, from the replay's stored facts).
 */
export function machinePlay(history: History): Signal[] {
  const t = thresholds.machinePlay;
  const times = new Map<number, { ms: number[]; games: Set<number> }>();
  for (const game of history.games)
    for (let i = 1; i < game.steps.length; i++) {
      const step = game.steps[i]!;
      if (step.player === null || step.cause !== null) continue;
      const entry = times.get(step.player) ?? { ms: [], games: new Set<number>() };
      entry.ms.push(step.at - game.steps[i - 1]!.at);
      entry.games.add(game.roomId);
      times.set(step.player, entry);
    }
  const bot = new Map<number, { decisions: number; matches: number; games: Set<number> }>();
  for (const game of history.games)
    for (const [userId, facts] of game.facts ?? [])
      if (facts.decisions > 0) {
        const entry = bot.get(userId) ?? { decisions: 0, matches: 0, games: new Set<number>() };
        entry.decisions += facts.decisions;
        entry.matches += facts.matches;
        entry.games.add(game.roomId);
        bot.set(userId, entry);
      }
  const signals: Signal[] = [];
  for (const userId of new Set([...times.keys(), ...bot.keys()])) {
    const { ms, games } = times.get(userId) ?? { ms: [], games: new Set<number>() };
    const matched = bot.get(userId);
    const isTimed = ms.length >= t.minMoves;
    const isCompared = matched !== undefined && matched.decisions >= t.minDecisions;
    if (!isTimed && !isCompared) continue;
    const figures: Record<string, number> = {};
    let score = 0;
    if (isTimed) {
      const sorted = [...ms].sort((x, y) => x - y);
      const median = sorted[Math.floor(sorted.length / 2)]!;
      const mean = ms.reduce((sum, x) => sum + x, 0) / ms.length;
      const sd = Math.sqrt(ms.reduce((sum, x) => sum + (x - mean) ** 2, 0) / ms.length);
      const cv = mean > 0 ? sd / mean : 0;
      const fast = clamp((t.fastMedianMs * 2 - median) / t.fastMedianMs);
      const regular = clamp((t.regularCv * 2 - cv) / t.regularCv);
      score = Math.max(fast, regular);
      Object.assign(figures, { moves: ms.length, median_ms: Math.round(median), cv: round(cv) });
    }
    if (isCompared) {
      const rate = matched.matches / matched.decisions;
      score = Math.max(score, clamp((rate - t.humanMatch) / (t.fullMatch - t.humanMatch)));
      Object.assign(figures, { bot_decisions: matched.decisions, bot_matches: matched.matches, bot_match_rate: round(rate) });
    }
    signals.push({
      kind: 'machine_play',
      users: [userId],
      score: round(score),
      figures,
      games: [...new Set([...games, ...(matched?.games ?? [])])],
      chips: 0n,
    });
  }
  return signals;
}

/** The stand-in share: the part of a player's moves in bet rooms that the stand-in made. */
export function standInShare(history: History): Signal[] {
  const t = thresholds.standInShare;
  const counts = new Map<number, { own: number; standIn: number; games: Set<number> }>();
  for (const game of history.games) {
    if (game.bet <= 0n && !game.isTournament) continue;
    for (const step of game.steps) {
      if (step.player === null || (step.cause !== null && step.cause !== 'stand_in')) continue;
      const entry = counts.get(step.player) ?? { own: 0, standIn: 0, games: new Set<number>() };
      if (step.cause === 'stand_in') {
        entry.standIn += 1;
        entry.games.add(game.roomId);
      } else entry.own += 1;
      counts.set(step.player, entry);
    }
  }
  const signals: Signal[] = [];
  for (const [userId, c] of counts) {
    const moves = c.own + c.standIn;
    if (moves < t.minMoves || c.standIn === 0) continue;
    const share = c.standIn / moves;
    signals.push({
      kind: 'stand_in_share',
      users: [userId],
      score: round(clamp(share / t.fullShare)),
      figures: { moves, stand_in_moves: c.standIn, share: round(share) },
      games: [...c.games],
      chips: 0n,
    });
  }
  return signals;
}

/** Every signal of the history. */
export function allSignals(history: History): Signal[] {
  return [...chipDumping(history), ...linkedAccounts(history), ...softPlay(history), ...machinePlay(history), ...standInShare(history)];
}

function roundAll(parts: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(parts).map(([k, v]) => [k, round(v)]));
}
