import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { AccountsService } from '../accounts/accounts-service.js';
import type { PasswordHasher } from '../accounts/passwords.js';
import type { Store } from '../store/db.js';
import { betPresets, emoji, settings } from '../store/schema.js';
import { betPresetAmounts, emojiCatalogue } from './catalogue.js';

export interface SeedResult {
  /** Set only on the start that created the first admin. */
  readonly firstAdmin?: { readonly username: string; readonly generatedPassword: string | undefined };
}

/**
 * Seeds an empty database once: the catalogue and a first admin (ADMIN_USERNAME/ADMIN_PASSWORD,
 * or `admin` with a generated password that the caller prints once). Marked in `settings`, so a
 * later start — or another node starting at the same moment — does nothing.
 */
export async function seedDatabase(
  store: Store,
  accounts: AccountsService,
  passwords: PasswordHasher,
  admin: { username: string | undefined; password: string | undefined },
): Promise<SeedResult> {
  const isFirst = await store.withTransaction(async (tx) => {
    const [claimed] = await tx
      .insert(settings)
      .values({ key: 'seeded_at', value: sql`to_jsonb(now())` })
      .onConflictDoNothing()
      .returning({ key: settings.key });
    if (!claimed) return false;
    await tx.insert(emoji).values([...emojiCatalogue]).onConflictDoNothing();
    await tx
      .insert(betPresets)
      .values(betPresetAmounts.map((amount, i) => ({ amount, sortOrder: i })))
      .onConflictDoNothing();
    return true;
  });
  if (!isFirst) return {};

  const username = admin.username ?? 'admin';
  const generatedPassword = admin.password ? undefined : randomBytes(12).toString('base64url');
  const passwordHash = await passwords.hash(admin.password ?? generatedPassword ?? '');
  const id = await accounts.createUser({ username, passwordHash, roles: ['player', 'admin'] });
  if (id === undefined) return {};
  return { firstAdmin: { username, generatedPassword } };
}
