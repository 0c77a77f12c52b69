import { describe, expect, it } from 'vitest';
import { addChange, applyChanges, dropChangesUpTo, mergePages, NO_CHANGES, type LiveChanges, type PagedList } from './paged-list';

interface Player {
  user_id: number;
  username: string;
  is_eliminated: boolean;
}
const p = (user_id: number, username = `p${user_id}`, is_eliminated = false): Player => ({ user_id, username, is_eliminated });
const key = (item: Player) => item.user_id;
const page = (items: Player[], next: string | null = null): PagedList<Player> => ({ items, links: { next, previous: null } });
const names = (list: PagedList<Player>) => list.items.map((i) => i.username);

describe('merging pages of a list', () => {
  it('shows a player once when a second page repeats one from the first (the order shifted between reads)', () => {
    const merged = mergePages([page([p(1), p(2), p(3)], '/p2'), page([p(3, 'p3-new'), p(4)])], key);
    expect(names(merged)).toEqual(['p1', 'p2', 'p3-new', 'p4']);
    expect(merged.links.next).toBeNull();
  });

  it('keeps the links of the last page read', () => {
    expect(mergePages([page([p(1)], '/p2')], key).links.next).toBe('/p2');
    expect(mergePages<Player>([], key)).toEqual({ items: [], links: { next: null, previous: null } });
  });
});

describe('live changes over the pages', () => {
  const read = page([p(1), p(2)]);

  it('a room seated live shows on top, and only once when the pages already have it', () => {
    let live: LiveChanges<Player> = NO_CHANGES;
    live = addChange(live, { type: 'upsert', items: [p(9, 'new'), p(2, 'p2-newer')], isNewFirst: true });
    expect(names(applyChanges(read, live, key))).toEqual(['new', 'p1', 'p2-newer']);
  });

  it('an appended item goes last; the same item twice is still one row', () => {
    let live: LiveChanges<Player> = NO_CHANGES;
    live = addChange(live, { type: 'upsert', items: [p(5)], isNewFirst: false });
    live = addChange(live, { type: 'upsert', items: [p(5, 'p5-again')], isNewFirst: false });
    expect(names(applyChanges(read, live, key))).toEqual(['p1', 'p2', 'p5-again']);
  });

  it('marks the players knocked out in a round without moving them', () => {
    const live = addChange<Player>(NO_CHANGES, { type: 'patch', keys: [2, 77], patch: { is_eliminated: true } });
    expect(applyChanges(read, live, key).items).toEqual([p(1), p(2, 'p2', true)]);
  });

  it('removes by key', () => {
    const live = addChange<Player>(NO_CHANGES, { type: 'remove', keys: ['1'] });
    expect(names(applyChanges(read, live, key))).toEqual(['p2']);
  });

  it('a fresh read drops the changes it already holds and keeps the later ones', () => {
    let live: LiveChanges<Player> = NO_CHANGES;
    live = addChange(live, { type: 'upsert', items: [p(7)], isNewFirst: true });
    const seenWhenReadStarted = live.seq;
    live = addChange(live, { type: 'upsert', items: [p(8)], isNewFirst: true });
    const after = dropChangesUpTo(live, seenWhenReadStarted);
    expect(after.changes.map((c) => c.seq)).toEqual([2]);
    expect(names(applyChanges(read, after, key))).toEqual(['p8', 'p1', 'p2']);
    expect(dropChangesUpTo(after, 0)).toBe(after);
  });
});
