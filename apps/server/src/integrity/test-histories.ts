import type { AccountInfo, ExitReason, Funding, GameHistory, History, SignInRecord, Step } from './history.js';
import type { SeatFacts } from './replay.js';

/**
 * Hand-built histories for the signals' tests: honest tables (random winners, human decision
 * times, everyone throwing in on everyone alike) and the scripted abusers of FEATURES.md §12.
 */

export function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface TableOptions {
  readonly players: readonly number[];
  /** Who loses (pays the stake); default: a random player. */
  readonly loser?: number;
  readonly loserReason?: ExitReason;
  readonly bet?: bigint;
  readonly isPrivate?: boolean;
  readonly bouts?: number;
  /** Chance that `p` throws in on defender `d` in a bout (default 0.4). */
  readonly throwIn?: (p: number, d: number) => number;
  /** A decision time of `p` in ms (default: people, 1.2-8 s, long-tailed). */
  readonly think?: (p: number) => number;
  /** Who the stand-in played (their steps get cause 'stand_in') with that probability. */
  readonly standIn?: ReadonlyMap<number, number>;
  /**
   * The replay's facts of `p`: how often its late-game choices match the `hard` bot's (default
   * 0.78, as people and the `normal` bot do), and the gifts it makes in the game (default: one in
   * three games, as the simulation's honest bots).
   */
  readonly botMatch?: (p: number) => number;
  readonly gifts?: (p: number) => number;
}

export class HistoryBuilder {
  private readonly games: GameHistory[] = [];
  private readonly accounts = new Map<number, AccountInfo>();
  private readonly signIns: SignInRecord[] = [];
  private readonly fundings: Funding[] = [];
  private nextRoom = 1;
  clock = Date.parse('2026-11-01T10:00:00Z');

  constructor(private readonly random: () => number) {}

  account(id: number, options: { ageDays?: number; parentId?: number | null; deviceId?: string; address?: string } = {}): this {
    this.accounts.set(id, { id, createdAt: this.clock - (options.ageDays ?? 60) * 86_400_000, parentId: options.parentId ?? null });
    this.signIns.push({
      userId: id,
      deviceId: options.deviceId ?? `device-${id}`,
      address: options.address ?? `10.0.${id % 250}.${(id * 7) % 250}`,
      telegramId: null,
      at: this.clock - 3600_000,
    });
    return this;
  }

  humanThink = (): number => 1200 + Math.floor(-Math.log(1 - this.random()) * 2500);

  table(options: TableOptions): number {
    // Seats in a random order: who attacks whom depends on where one sits.
    const players = [...options.players].sort(() => this.random() - 0.5);
    const roomId = this.nextRoom++;
    const bet = options.bet ?? 100n;
    const loser = options.loser ?? players[Math.floor(this.random() * players.length)]!;
    const think = options.think ?? (() => this.humanThink());
    const throwIn = options.throwIn ?? (() => 0.4);
    const steps: Step[] = [{ player: null, type: 'deal', cause: null, at: this.clock, events: [] }];
    let at = this.clock;
    const step = (player: number, type: string, events: Step['events']) => {
      at += think(player);
      const share = options.standIn?.get(player) ?? 0;
      steps.push({ player, type, cause: this.random() < share ? 'stand_in' : null, at, events });
    };
    const quick = options.loserReason !== undefined && options.loserReason !== 'normal';
    const bouts = quick ? 1 : (options.bouts ?? 8);
    for (let b = 0; b < bouts; b++) {
      const attacker = players[b % players.length]!;
      const defender = players[(b + 1) % players.length]!;
      step(attacker, 'attack', [
        { type: 'bout_started', attacker: String(attacker), defender: String(defender) },
        { type: 'played', player: String(attacker), cards: [], slot_ids: [] },
      ]);
      if (quick && defender === loser) break;
      for (const p of players)
        if (p !== defender && this.random() < throwIn(p, defender))
          step(p, 'attack', [{ type: 'played', player: String(p), cards: [], slot_ids: [] }]);
      step(defender, 'beat', [{ type: 'said_beat', player: String(defender) }]);
    }
    if (quick) step(loser, 'surrender', [{ type: 'surrendered', player: String(loser) }]);
    const winners = players.filter((p) => p !== loser);
    const pot = (bet * 95n) / 100n;
    const outcomes = players.map((p, i) => ({
      userId: p,
      amount: p === loser ? -bet : pot / BigInt(winners.length),
      place: p === loser ? players.length : i + 1,
      reason: p === loser && options.loserReason ? options.loserReason : ('normal' as const),
    }));
    const facts = new Map<number, SeatFacts>();
    for (const p of players) {
      const decisions = 1 + Math.floor(this.random() * 6);
      const rate = options.botMatch?.(p) ?? 0.78;
      let matches = 0;
      for (let d = 0; d < decisions; d++) if (this.random() < rate) matches += 1;
      const gifts = options.gifts?.(p) ?? (this.random() < 0.33 ? 1 : 0);
      facts.set(p, { decisions, matches, gifts });
    }
    this.games.push({
      facts,
      stakedAt: new Map(players.map((p) => [p, this.clock])),
      roomId,
      finishedAt: at,
      bet,
      walletType: 'BONUS_BALANCE',
      isPrivate: options.isPrivate ?? false,
      isTournament: false,
      outcomes,
      steps,
    });
    this.clock = at + 60_000;
    return roomId;
  }

  /** `games` honest tables of 2-4 among `ids`, everyone alike. */
  honest(ids: readonly number[], games: number): this {
    for (let g = 0; g < games; g++) {
      const size = 2 + Math.floor(this.random() * 3);
      const pool = [...ids];
      const players: number[] = [];
      while (players.length < size) players.push(pool.splice(Math.floor(this.random() * pool.length), 1)[0]!);
      const reason: ExitReason = this.random() < 0.05 ? 'surrender' : 'normal';
      this.table({ players, loserReason: reason });
    }
    return this;
  }

  /** Chips from outside the tables reached `userId` `hoursAgo` before the clock. */
  funding(userId: number, hoursAgo: number, kind = 'promo_code'): this {
    this.fundings.push({ userId, at: this.clock - hoursAgo * 3600_000, kind });
    return this;
  }

  build(): History {
    return { games: [...this.games], accounts: new Map(this.accounts), signIns: [...this.signIns], fundings: [...this.fundings] };
  }
}
