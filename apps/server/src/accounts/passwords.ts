import { hash, verify } from '@node-rs/argon2';

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hashed: string | null, password: string): Promise<boolean>;
}

// @node-rs/argon2's Algorithm is a const enum, which isolated modules cannot import; 2 = Argon2id.
const argon2id = 2;

export function createPasswordHasher(options: { memoryCost: number; timeCost: number }): PasswordHasher {
  const params = { algorithm: argon2id, memoryCost: options.memoryCost, timeCost: options.timeCost, parallelism: 1 };
  // Verifying against a dummy hash for unknown users keeps "no such user" as slow as "wrong password".
  const dummy = hash('not-a-real-password', params);
  return {
    hash: (password) => hash(password, params),
    async verify(hashed, password) {
      try {
        return await verify(hashed ?? (await dummy), password);
      } catch {
        return false;
      }
    },
  };
}
