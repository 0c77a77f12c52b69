import type { Failure } from '@durak/protocol';

/**
 * The one transaction rule of every domain (docs/architecture.md "Transactions"): a transaction
 * commits only when its callback returns a value that is not a failed `Result`. A refusal (`{ ok:
 * false, error }`) rolls back everything the callback wrote, money included, and is returned as
 * it was; a throw rolls back and is thrown. So a service may write before it finds out it has to
 * refuse, and nothing of the half-done change survives.
 */
export interface Refusal {
  readonly ok: false;
  readonly error: Failure;
}

/** Whether a transaction's value is a failed `Result` (a plain value or a successful one is not). */
export function isRefusal(value: unknown): value is Refusal {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as { ok?: unknown; error?: unknown };
  return candidate.ok === false && typeof candidate.error === 'object' && candidate.error !== null;
}

/** Carries a refusal out of the driver's transaction, which rolls back on a throw. */
class RolledBack extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.error.code);
  }
}

/**
 * Wraps a driver's raw transaction (commits when `fn` resolves, rolls back when it throws) in the
 * rule: a refusal rolls back too, and comes back as the answer instead of an exception.
 */
export function refusalsRollBack<X>(raw: <T>(fn: (tx: X) => Promise<T>) => Promise<T>): <T>(fn: (tx: X) => Promise<T>) => Promise<T> {
  return async <T>(fn: (tx: X) => Promise<T>): Promise<T> => {
    try {
      return await raw(async (tx) => {
        const value = await fn(tx);
        if (isRefusal(value)) throw new RolledBack(value);
        return value;
      });
    } catch (error) {
      if (error instanceof RolledBack) return error.refusal as T;
      throw error;
    }
  };
}
