/**
 * SPEC §3/§4 Lists: the tournament's players and rooms are read page by page and kept live by
 * the tournament channel. The same idea as the lobby's room list (features/games/room-list.ts):
 * pages are merged by key without duplicates (a later copy replaces the earlier one in place),
 * and what the channel said since the last read is laid over the pages until a fresh read,
 * started after it, makes it redundant.
 */

/** SPEC §3: items plus the links of the last page read. */
export interface PagedList<T> {
  items: readonly T[];
  links: { next: string | null; previous: string | null };
}

export const EMPTY_LIST: PagedList<never> = { items: [], links: { next: null, previous: null } };

/** Pages in the order they were read, merged without duplicates; each item at its newest copy. */
export function mergePages<T>(pages: ReadonlyArray<PagedList<T>>, keyOf: (item: T) => string | number): PagedList<T> {
  const order: string[] = [];
  const byKey = new Map<string, T>();
  for (const page of pages) {
    for (const item of page.items) {
      const key = String(keyOf(item));
      if (!byKey.has(key)) order.push(key);
      byKey.set(key, item);
    }
  }
  const last = pages.at(-1);
  return { items: order.map((key) => byKey.get(key)!), links: last ? last.links : EMPTY_LIST.links };
}

/** One thing the channel told us: a whole item (new or newer), or a change to known items. */
export type LiveChange<T> =
  | { type: 'upsert'; items: readonly T[]; isNewFirst: boolean }
  | { type: 'patch'; keys: readonly (string | number)[]; patch: Partial<T> }
  | { type: 'remove'; keys: readonly (string | number)[] };

/** Changes numbered in the order they arrived, so a read knows which ones it already contains. */
export interface LiveChanges<T> {
  seq: number;
  changes: readonly { seq: number; change: LiveChange<T> }[];
}

export const NO_CHANGES: LiveChanges<never> = { seq: 0, changes: [] };

export function addChange<T>(live: LiveChanges<T>, change: LiveChange<T>): LiveChanges<T> {
  const seq = live.seq + 1;
  return { seq, changes: [...live.changes, { seq, change }] };
}

/** A read that started when the counter stood at `seenSeq` already holds every change up to it. */
export function dropChangesUpTo<T>(live: LiveChanges<T>, seenSeq: number): LiveChanges<T> {
  const changes = live.changes.filter((c) => c.seq > seenSeq);
  return changes.length === live.changes.length ? live : { seq: live.seq, changes };
}

/** The list as shown: the read pages with the live changes applied, still without duplicates. */
export function applyChanges<T>(list: PagedList<T>, live: LiveChanges<T>, keyOf: (item: T) => string | number): PagedList<T> {
  let items = list.items;
  for (const { change } of live.changes) {
    if (change.type === 'remove') {
      const gone = new Set(change.keys.map(String));
      items = items.filter((item) => !gone.has(String(keyOf(item))));
    } else if (change.type === 'patch') {
      const hit = new Set(change.keys.map(String));
      items = items.map((item) => (hit.has(String(keyOf(item))) ? { ...item, ...change.patch } : item));
    } else {
      const fresh = new Map(change.items.map((item) => [String(keyOf(item)), item] as const));
      const replaced = items.map((item) => fresh.get(String(keyOf(item))) ?? item);
      const known = new Set(items.map((item) => String(keyOf(item))));
      const added = [...fresh.entries()].filter(([key]) => !known.has(key)).map(([, item]) => item);
      items = change.isNewFirst ? [...added, ...replaced] : [...replaced, ...added];
    }
  }
  return { items, links: list.links };
}
