// The computer opponent: win rates over 2-player games (36 cards, classic rules) against a
// uniform-random legal player and a "lowest legal card" player, and the time each level takes
// per decision (CPU time of one core, median and p99). Figures only: nothing here fails on time.
import { DEFAULT_OPTIONS, applyAction, awaited, cardCode, chooseAction, createGame, legalActions, viewFor } from '@durak/engine';

const GAMES = Number(process.env.BENCH_BOT_GAMES ?? 300);
const TIMEOUT = { type: 'timeout' };

function xorshift(seed) {
  let s = seed | 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 0x100000000;
  };
}

const cpuMillis = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

const RANK = { 6: 6, 7: 7, 8: 8, 9: 9, 10: 10, J: 11, Q: 12, K: 13, A: 14 };
const honest = (state, player) => legalActions(state, player).filter((a) => a.type !== 'surrender' && a.type !== 'catch');

/** Uniformly among the legal actions (never surrenders). */
function randomPlayer(rng) {
  return (state, player) => {
    const legal = honest(state, player);
    return legal[Math.floor(rng() * legal.length)] ?? null;
  };
}

/** Always the lowest legal card (trumps count above every plain card); else take, else beat. */
function lowestCardPlayer() {
  return (state, player) => {
    const trump = state.trump_card.suit;
    const weight = (c) => RANK[c.rank] + (c.suit === trump ? 100 : 0);
    let best = null;
    let bestWeight = Infinity;
    let fallback = null;
    for (const a of honest(state, player)) {
      const cards = a.type === 'attack' ? a.cards : a.type === 'defence' || a.type === 'transfer' ? [a.card] : null;
      if (cards === null) {
        if (a.type === 'take' || fallback === null) fallback = a;
        continue;
      }
      if (cards.length !== 1) continue;
      if (weight(cards[0]) < bestWeight) {
        best = a;
        bestWeight = weight(cards[0]);
      }
    }
    return best ?? fallback;
  };
}

function botPlayer(level, times, gameNo) {
  return (state, player) => {
    const view = viewFor(state, player);
    const start = cpuMillis();
    const action = chooseAction(view, { level, seed: `${gameNo}` });
    times.push(cpuMillis() - start);
    return action;
  };
}

function playGame(seed, seats) {
  const players = ['p0', 'p1'];
  let state = createGame({ ...DEFAULT_OPTIONS, player_count: 2 }, players, { seed }).state;
  while (state.phase !== 'finished') {
    const player = awaited(state).players[0];
    const action = player === undefined ? null : seats[players.indexOf(player)](state, player);
    if (action === null && player !== undefined)
      throw new Error(`${player} had no move in ${JSON.stringify(viewFor(state, player).hand.map(cardCode))}`);
    const result = applyAction(state, action ?? TIMEOUT);
    if (!result.ok) throw new Error(`refused ${JSON.stringify(action)}: ${result.error.code}`);
    state = result.state;
  }
  return state.results;
}

function match(level, opponentName, makeOpponent, times) {
  let score = 0;
  for (let g = 0; g < GAMES; g++) {
    const botSeat = g % 2;
    const seats = [];
    seats[botSeat] = botPlayer(level, times, g);
    seats[1 - botSeat] = makeOpponent(xorshift(g + 1));
    const result = playGame(`bots-${g}`, seats)[botSeat];
    score += result === 'victory' ? 1 : result === 'draw' ? 0.5 : 0;
  }
  console.log(`  ${level} vs ${opponentName}: wins ${((100 * score) / GAMES).toFixed(1)}% of ${GAMES} games (a draw counts half)`);
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];

console.log(`bots: 2 players, 36 cards, classic; ${GAMES} games per match, the bot on each seat in turn`);
const times = { easy: [], normal: [], hard: [] };
match('hard', 'random', randomPlayer, times.hard);
match('hard', 'lowest card', lowestCardPlayer, times.hard);
match('normal', 'random', randomPlayer, times.normal);
match('normal', 'lowest card', lowestCardPlayer, times.normal);
match('easy', 'random', randomPlayer, times.easy);
match('easy', 'lowest card', lowestCardPlayer, times.easy);
for (const [level, list] of Object.entries(times)) {
  const sorted = list.sort((a, b) => a - b);
  console.log(
    `  ${level}: decision median ${percentile(sorted, 0.5).toFixed(3)} ms, p99 ${percentile(sorted, 0.99).toFixed(3)} ms (${sorted.length} decisions, CPU time)`,
  );
}
