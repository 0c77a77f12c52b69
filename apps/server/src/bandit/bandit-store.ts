import { and, desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../store/db.js';
import { banditRevealedSeeds, banditSeeds, banditSpins } from '../store/bandit-schema.js';
import { newClientSeed, newServerSeed, serverSeedHash } from './fair.js';

export type SeedRow = typeof banditSeeds.$inferSelect;
export type SpinRow = typeof banditSpins.$inferSelect;

/**
 * The player's seed row, locked until the transaction ends (FOR UPDATE): the lock every spin,
 * client-seed change and rotation of that player takes, so they happen one after another. A
 * player's first call creates the row with a fresh server seed.
 */
export async function lockSeed(tx: Tx, userId: number): Promise<SeedRow> {
  const lock = () => tx.select().from(banditSeeds).where(eq(banditSeeds.userId, userId)).for('update');
  const [existing] = await lock();
  if (existing) return existing;
  const serverSeed = newServerSeed();
  await tx
    .insert(banditSeeds)
    .values({ userId, serverSeed, serverSeedHash: serverSeedHash(serverSeed), clientSeed: newClientSeed() })
    .onConflictDoNothing({ target: banditSeeds.userId });
  const [row] = await lock();
  if (!row) throw new Error(`no bandit seed row for user ${userId} after creating it`);
  return row;
}

export async function setClientSeed(tx: Tx, userId: number, clientSeed: string): Promise<SeedRow> {
  await lockSeed(tx, userId);
  const [row] = await tx.update(banditSeeds).set({ clientSeed }).where(eq(banditSeeds.userId, userId)).returning();
  if (!row) throw new Error(`seed row of user ${userId} vanished under its lock`);
  return row;
}

/** Publishes the current server seed and replaces it with a fresh one; the nonce starts again at 0. */
export async function rotateSeed(tx: Tx, userId: number): Promise<{ revealed: SeedRow; next: SeedRow }> {
  const revealed = await lockSeed(tx, userId);
  await tx.insert(banditRevealedSeeds).values({ serverSeedHash: revealed.serverSeedHash, userId, serverSeed: revealed.serverSeed });
  const serverSeed = newServerSeed();
  const [next] = await tx
    .update(banditSeeds)
    .set({ serverSeed, serverSeedHash: serverSeedHash(serverSeed), nonce: 0, createdAt: new Date() })
    .where(eq(banditSeeds.userId, userId))
    .returning();
  if (!next) throw new Error(`seed row of user ${userId} vanished under its lock`);
  return { revealed, next };
}

export async function findSpin(tx: Tx, userId: number, idempotencyKey: string): Promise<SpinRow | undefined> {
  const [row] = await tx
    .select()
    .from(banditSpins)
    .where(and(eq(banditSpins.userId, userId), eq(banditSpins.idempotencyKey, idempotencyKey)));
  return row;
}

/** Writes the spin and moves the seed on to the next nonce. */
export async function recordSpin(tx: Tx, spin: typeof banditSpins.$inferInsert): Promise<SpinRow> {
  const [row] = await tx.insert(banditSpins).values(spin).returning();
  if (!row) throw new Error('spin row not written');
  await tx
    .update(banditSeeds)
    .set({ nonce: spin.nonce + 1 })
    .where(eq(banditSeeds.userId, spin.userId));
  return row;
}

/** The player's spins, newest first, each with its server seed once that seed was revealed. */
export async function listSpins(
  db: Db,
  userId: number,
  page: number,
  limit: number,
): Promise<{ rows: (SpinRow & { serverSeed: string | null })[]; hasNext: boolean }> {
  const rows = await db
    .select({ spin: banditSpins, serverSeed: banditRevealedSeeds.serverSeed })
    .from(banditSpins)
    .leftJoin(banditRevealedSeeds, eq(banditRevealedSeeds.serverSeedHash, banditSpins.serverSeedHash))
    .where(eq(banditSpins.userId, userId))
    .orderBy(desc(banditSpins.id))
    .limit(limit + 1)
    .offset((page - 1) * limit);
  return { rows: rows.slice(0, limit).map((r) => ({ ...r.spin, serverSeed: r.serverSeed })), hasNext: rows.length > limit };
}
