import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { AccountsService } from '../accounts/accounts-service.js';
import type { PasswordHasher } from '../accounts/passwords.js';
import type { Store } from '../store/db.js';
import { betPresets, emoji, settings } from '../store/schema.js';
import { betPresetAmounts, emojiCatalogue } from './catalogue.js';

const seededKey = 'seeded_at';

export interface SeedResult {
  /** Set only on the start that created the first admin. */
  readonly firstAdmin?: { readonly username: string; readonly generatedPassword: string | undefined };
}

/**
 * Seeds an empty database once: the catalogue and a first admin (ADMIN_USERNAME/ADMIN_PASSWORD,
 * or `admin` with a generated password that the caller prints once). Marked in `settings`, so a
 * later start — or another node starting at the same moment — does nothing. The mark, the
 * catalogue and the admin commit together: a start that dies half-way leaves the database empty
 * for the next start to seed, never marked as seeded without an admin.
 */
export async function seedDatabase(
  store: Store,
  accounts: AccountsService,
  passwords: PasswordHasher,
  admin: { username: string | undefined; password: string | undefined },
): Promise<SeedResult> {
  // Every start but the first stops here, without paying for an argon2id hash.
  const [seeded] = await store.db.select({ key: settings.key }).from(settings).where(eq(settings.key, seededKey));
  if (seeded) return {};
  const username = admin.username ?? 'admin';
  const generatedPassword = admin.password ? undefined : randomBytes(12).toString('base64url');
  const passwordHash = await passwords.hash(admin.password ?? generatedPassword ?? '');

  return store.withTransaction(async (tx) => {
    // The claim decides between nodes starting at the same moment: the loser waits here for the
    // winner's commit and then does nothing.
    const [claimed] = await tx
      .insert(settings)
      .values({ key: seededKey, value: sql`to_jsonb(now())` })
      .onConflictDoNothing()
      .returning({ key: settings.key });
    if (!claimed) return {};
    await tx
      .insert(emoji)
      .values([...emojiCatalogue])
      .onConflictDoNothing();
    await tx
      .insert(betPresets)
      .values(betPresetAmounts.map((amount, i) => ({ amount, sortOrder: i })))
      .onConflictDoNothing();
    const id = await accounts.createUser(tx, { username, passwordHash, roles: ['player', 'admin'] });
    // On a database nobody has seeded the name cannot be taken; if it is, failing the start is
    // better than committing the mark with no admin to run the platform.
    if (id === undefined) throw new Error(`cannot create the first admin: the username "${username}" is taken`);
    return { firstAdmin: { username, generatedPassword } };
  });
}
