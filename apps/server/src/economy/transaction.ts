import type { ErrorCode, Failure } from '@durak/protocol';
import type { Result } from '../shared/result.js';
import type { Store, Tx } from '../store/db.js';

/** Carries an expected failure out of a transaction so that it rolls back. */
class Refused extends Error {
  constructor(readonly failure: Failure) {
    super(failure.code);
  }
}

/**
 * Runs `fn` in one transaction that commits only when it succeeds: a failure half-way (the
 * wallet too poor after the ownership row was written) rolls everything back, so nothing is
 * half-written and no money moves.
 */
export async function atomically<T, C extends ErrorCode = ErrorCode>(
  store: Store,
  fn: (tx: Tx) => Promise<Result<T, C>>,
): Promise<Result<T, C>> {
  try {
    return await store.withTransaction(async (tx) => {
      const result = await fn(tx);
      if (!result.ok) throw new Refused(result.error);
      return result;
    });
  } catch (error) {
    if (error instanceof Refused) return { ok: false, error: error.failure as Failure<C> };
    throw error;
  }
}
