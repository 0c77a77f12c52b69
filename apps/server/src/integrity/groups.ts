import type { CaseKind, CaseRole } from '../store/integrity-schema.js';
import type { Signal } from './signals.js';
import { thresholds } from './thresholds.js';

/** A group of accounts over the threshold: what one case holds. */
export interface CaseGroup {
  readonly kind: CaseKind;
  /** `kind:ids` at first sight; the case keeps it while the group grows. */
  readonly key: string;
  readonly accounts: readonly { readonly userId: number; readonly role: CaseRole }[];
  readonly score: number;
  readonly chips: bigint;
  readonly games: readonly number[];
  /** The signals over the threshold behind the group, and every other signal about its accounts. */
  readonly signals: readonly Signal[];
}

/**
 * Pairs or single accounts over the threshold, gathered into groups (FEATURES.md §12): a receiver
 * and all its feeders are one chip-dumping group; linked or soft-playing pairs that share an
 * account are one group; machine play and the stand-in share are one account each.
 */
export function groupsOf(signals: readonly Signal[]): CaseGroup[] {
  const over = signals.filter((s) => s.score >= thresholds.caseThreshold);
  const groups: CaseGroup[] = [];
  // Chip dumping: one group per receiver.
  const receivers = new Map<number, Signal[]>();
  for (const s of over.filter((s) => s.kind === 'chip_dumping')) receivers.set(s.users[1]!, [...(receivers.get(s.users[1]!) ?? []), s]);
  for (const [receiver, found] of receivers) {
    const feeders = [...new Set(found.map((s) => s.users[0]!))].sort((a, b) => a - b);
    groups.push(
      group(
        'chip_dumping',
        [{ userId: receiver, role: 'receiver' }, ...feeders.map((userId) => ({ userId, role: 'feeder' as const }))],
        found,
      ),
    );
  }
  // Linked accounts and soft play: connected pairs, one group each.
  for (const kind of ['linked_accounts', 'soft_play'] as const) {
    for (const members of components(over.filter((s) => s.kind === kind))) {
      const found = over.filter((s) => s.kind === kind && s.users.some((u) => members.includes(u)));
      groups.push(
        group(
          kind,
          members.map((userId) => ({ userId, role: 'member' as const })),
          found,
        ),
      );
    }
  }
  for (const s of over.filter((s) => s.kind === 'machine_play' || s.kind === 'stand_in_share'))
    groups.push(group(s.kind, [{ userId: s.users[0]!, role: 'member' }], [s]));
  // Each group carries the other signals about its accounts as evidence too.
  return groups.map((g) => {
    const ids = new Set(g.accounts.map((a) => a.userId));
    const others = signals.filter((s) => !g.signals.includes(s) && s.users.every((u) => ids.has(u)));
    return { ...g, signals: [...g.signals, ...others] };
  });
}

function group(kind: CaseKind, accounts: CaseGroup['accounts'], found: readonly Signal[]): CaseGroup {
  const ids = accounts.map((a) => a.userId);
  return {
    kind,
    key: `${kind}:${[...ids].sort((a, b) => a - b).join(',')}`,
    accounts,
    score: Math.max(...found.map((s) => s.score)),
    chips: found.reduce((sum, s) => sum + s.chips, 0n),
    games: [...new Set(found.flatMap((s) => s.games))].sort((a, b) => a - b),
    signals: found,
  };
}

/** The connected groups of accounts of pair signals, each sorted. */
function components(pairs: readonly Signal[]): number[][] {
  const parent = new Map<number, number>();
  const find = (x: number): number => {
    const p = parent.get(x) ?? x;
    if (p === x) return x;
    const root = find(p);
    parent.set(x, root);
    return root;
  };
  for (const s of pairs) {
    const [a, b] = [find(s.users[0]!), find(s.users[1]!)];
    if (a !== b) parent.set(a, b);
  }
  const byRoot = new Map<number, number[]>();
  for (const u of new Set(pairs.flatMap((s) => s.users))) byRoot.set(find(u), [...(byRoot.get(find(u)) ?? []), u]);
  return [...byRoot.values()].map((m) => m.sort((a, b) => a - b));
}
