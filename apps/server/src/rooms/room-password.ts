import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

function derive(password: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => scrypt(password, salt, 32, (error, key) => (error ? reject(error) : resolve(key))));
}

/** A private room's password, stored as `salt:key` (scrypt); the plain text is never kept. */
export async function hashRoomPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  return `${salt.toString('hex')}:${(await derive(password, salt)).toString('hex')}`;
}

export async function checkRoomPassword(password: string | undefined, stored: string): Promise<boolean> {
  if (password === undefined) return false;
  const [salt, key] = stored.split(':');
  if (!salt || !key) return false;
  const candidate = await derive(password, Buffer.from(salt, 'hex'));
  const expected = Buffer.from(key, 'hex');
  return candidate.length === expected.length && timingSafeEqual(candidate, expected);
}
