import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import unhomoglyph from 'unhomoglyph';
import { pgErrorCode, pgErrors, type Store } from '../store/db.js';
import { users } from '../store/schema.js';

/**
 * The name a username looks like (FEATURES.md §8): two usernames with one skeleton are one name,
 * so nobody can pass for `admin` as `аdmin` (Cyrillic а) or `ａｄｍｉｎ` (full-width).
 *
 * UTS #39's skeleton is NFD, the confusables.txt mapping, NFD again; the mapping is the
 * `unhomoglyph` package's copy of confusables.txt (docs/decisions.md). Two steps come first:
 * NFKC, because confusables.txt leaves out compatibility forms (full-width letters) that UTS #39
 * expects identifiers to have folded already, and lower case, because usernames are already one
 * name in any letter case (the `lower(username)` index).
 */
export function usernameSkeleton(username: string): string {
  const folded = username.normalize('NFKC').toLowerCase();
  return unhomoglyph(folded.normalize('NFD')).normalize('NFD').toLowerCase();
}

const batchSize = 500;

/**
 * Fills the skeleton of users that have none (every user before 0011_revocation, and a look-alike
 * pair that existed before it). SQL cannot compute a skeleton, so this runs at start; any node
 * may run it at the same time as another. Of two existing look-alikes the older keeps the name
 * and the newer stays without a skeleton: refusing to start over an old pair would help nobody.
 */
export async function backfillUsernameSkeletons(store: Store): Promise<{ filled: number; clashes: number }> {
  let afterId = 0;
  let filled = 0;
  let clashes = 0;
  for (;;) {
    const batch = await store.db
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(and(isNull(users.usernameSkeleton), gt(users.id, afterId)))
      .orderBy(asc(users.id))
      .limit(batchSize);
    for (const user of batch) {
      try {
        await store.db
          .update(users)
          .set({ usernameSkeleton: usernameSkeleton(user.username) })
          .where(and(eq(users.id, user.id), isNull(users.usernameSkeleton)));
        filled += 1;
      } catch (error) {
        if (pgErrorCode(error) !== pgErrors.uniqueViolation) throw error;
        clashes += 1;
      }
    }
    if (batch.length < batchSize) return { filled, clashes };
    afterId = batch[batch.length - 1]!.id;
  }
}
