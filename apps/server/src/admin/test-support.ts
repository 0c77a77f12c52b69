import type { Role } from '@durak/protocol';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { insertUser } from '../accounts/users.js';
import { users } from '../store/schema.js';
import type { Services } from '../services.js';

export interface TestUser {
  readonly id: number;
  readonly token: string;
}

let counter = 0;

/**
 * A user placed straight into the database (the referral parent only comes from signed Telegram
 * data over HTTP) with an access token for the given roles.
 */
export async function placeUser(
  server: { readonly services: Pick<Services, 'store' | 'tokens'> },
  options: { parentId?: number; roles?: Role[]; commissionBps?: number; country?: string; name?: string } = {},
): Promise<TestUser> {
  const roles = options.roles ?? ['player'];
  counter += 1;
  const id = await server.services.store.withTransaction(async (tx) => {
    const created = await insertUser(tx, {
      username: options.name ?? `u${counter}_${roles.join('_')}`,
      roles,
      parentId: options.parentId ?? null,
      country: options.country ?? null,
    });
    if (created === undefined) throw new Error('user not created');
    if (options.commissionBps !== undefined)
      await tx.update(users).set({ commissionBps: options.commissionBps }).where(eq(users.id, created));
    return created;
  });
  return { id, token: await server.services.tokens.signAccessToken(id, roles) };
}

/** A small picture of the given size and format, made on the fly. */
export function picture(width: number, height: number, format: 'png' | 'jpeg' | 'webp' = 'png'): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: '#b03a2e' } });
  return image[format]().toBuffer();
}

/** A multipart form of text fields and an optional file, for `request(..., { raw })`. */
export function form(fields: Record<string, string>, file?: { field?: string; data: Buffer; name?: string; type?: string }): FormData {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  if (file)
    body.append(
      file.field ?? 'image',
      new Blob([new Uint8Array(file.data)], { type: file.type ?? 'image/png' }),
      file.name ?? 'banner.png',
    );
  return body;
}
