/**
 * The knockout's pure rules (FEATURES.md §1): how many rooms a round has, who sits where, who
 * advances from a room, and which places the players who went out share. No I/O: the service
 * feeds them rows and a random source and writes what comes back.
 */

/** `ceil(n / size)` rooms whose sizes differ by at most one, larger rooms first (7 by 4 -> 4+3; 13 by 6 -> 5+4+4). */
export function roomSizes(players: number, roomSize: number): number[] {
  if (players <= 0) return [];
  const rooms = Math.ceil(players / roomSize);
  const small = Math.floor(players / rooms);
  const larger = players - small * rooms;
  return Array.from({ length: rooms }, (_, i) => (i < larger ? small + 1 : small));
}

/** A key for an unordered pair of players, as `pastPairs` holds them. */
export const pairKey = (a: number, b: number) => (a < b ? `${a}:${b}` : `${b}:${a}`);

function repeatsOf(rooms: readonly (readonly number[])[], pastPairs: ReadonlySet<string>): number {
  let repeats = 0;
  for (const room of rooms) {
    for (let i = 0; i < room.length; i++)
      for (let j = i + 1; j < room.length; j++) if (pastPairs.has(pairKey(room[i]!, room[j]!))) repeats++;
  }
  return repeats;
}

/**
 * A fresh random draw of the round's rooms. Several draws are tried and the one that repeats the
 * fewest earlier pairings is kept ("avoiding repeated pairs where possible"); with few players a
 * repeat can be unavoidable, and then the draw with the fewest wins. `linked`: pairs of linked
 * accounts (FEATURES.md §12) that must not share a room, weighed above any number of repeats and
 * given more tries; the caller refuses a draw that still holds one.
 */
export function drawRooms(
  players: readonly number[],
  roomSize: number,
  pastPairs: ReadonlySet<string>,
  random: () => number,
  tries = 32,
  linked: ReadonlySet<string> = new Set(),
): number[][] {
  const sizes = roomSizes(players.length, roomSize);
  let best: number[][] = [];
  let bestCost = Number.POSITIVE_INFINITY;
  const attempts = linked.size > 0 ? tries * 8 : tries;
  for (let t = 0; t < attempts && bestCost > 0; t++) {
    const order = [...players];
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    let at = 0;
    const rooms = sizes.map((size) => order.slice(at, (at += size)));
    const cost = repeatsOf(rooms, linked) * players.length ** 2 + repeatsOf(rooms, pastPairs);
    if (cost < bestCost) [best, bestCost] = [rooms, cost];
  }
  return best;
}

/** Whether any room of the draw seats a pair of `linked`. */
export const seatsLinked = (rooms: readonly (readonly number[])[], linked: ReadonlySet<string>) => repeatsOf(rooms, linked) > 0;

export interface RoomFinish {
  readonly userId: number;
  readonly result: 'victory' | 'defeat' | 'draw';
  /** The engine's place in that game: 1 = first out; drawn players share one. */
  readonly place: number;
}

/**
 * Who goes on from one room: the better half of its finishing order, `ceil(k / 2)` of k. The
 * durak (a `defeat`) never advances. Players who share a place (a draw) all advance when the
 * last free spot falls among them, so a draw between the last two advances both only when the
 * half is not full without them.
 */
export function advancersOf(finish: readonly RoomFinish[]): number[] {
  const half = Math.ceil(finish.length / 2);
  const candidates = finish.filter((f) => f.result !== 'defeat').sort((a, b) => a.place - b.place);
  if (candidates.length <= half) return candidates.map((f) => f.userId);
  const cut = candidates[half - 1]!.place;
  return candidates.filter((f) => f.place <= cut).map((f) => f.userId);
}

export interface Elimination {
  readonly userId: number;
  /** The round the player went out in; the final's players carry the final's round. */
  readonly round: number;
  /** Their place in that round's game (breaks nothing: players out in one round share places). */
  readonly gamePlace: number;
}

export interface Placing {
  readonly userId: number;
  /** The best place of the group the player shares. */
  readonly place: number;
  /** How many players share that group of places (1 when nobody does). */
  readonly sharedBy: number;
}

/**
 * The final standings. The final room's finishing order gives the top places (players who drew
 * there share one); everyone else is placed by the round they went out in, later is better, and
 * players who went out in the same round share that block of places.
 */
export function placesOf(final: readonly RoomFinish[], eliminated: readonly Elimination[]): Placing[] {
  const placings: Placing[] = [];
  let next = 1;
  const finalByPlace = [...final].sort((a, b) => a.place - b.place);
  for (let i = 0; i < finalByPlace.length;) {
    const group = finalByPlace.filter((f) => f.place === finalByPlace[i]!.place);
    for (const f of group) placings.push({ userId: f.userId, place: next, sharedBy: group.length });
    next += group.length;
    i += group.length;
  }
  const rounds = [...new Set(eliminated.map((e) => e.round))].sort((a, b) => b - a);
  for (const round of rounds) {
    const group = eliminated.filter((e) => e.round === round).sort((a, b) => a.gamePlace - b.gamePlace || a.userId - b.userId);
    for (const e of group) placings.push({ userId: e.userId, place: next, sharedBy: group.length });
    next += group.length;
  }
  return placings;
}

/**
 * What each player wins: the prizes of the places a group shares are added up and split
 * equally, chips floored; the chips left over go one each to the group's members in the order
 * they finished their last game (the better place first), so every prize chip is paid.
 */
export function prizesOf(
  placings: readonly Placing[],
  prizeOfPlace: (place: number) => bigint,
  order: (a: number, b: number) => number,
): Map<number, bigint> {
  const prizes = new Map<number, bigint>();
  const groups = new Map<number, number[]>();
  for (const p of placings) groups.set(p.place, [...(groups.get(p.place) ?? []), p.userId]);
  for (const [place, members] of groups) {
    let total = 0n;
    for (let k = 0; k < members.length; k++) total += prizeOfPlace(place + k);
    const each = total / BigInt(members.length);
    let left = total - each * BigInt(members.length);
    for (const userId of [...members].sort(order)) {
      const extra = left > 0n ? 1n : 0n;
      left -= extra;
      prizes.set(userId, each + extra);
    }
  }
  return prizes;
}
