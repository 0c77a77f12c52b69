import type { Failure } from '@durak/protocol';
import type { Store, Tx } from '../store/db.js';

/** A service answer: the value, or an expected failure with its stable code. */
export type Outcome<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: Failure };

export const succeed = <T>(value: T): Outcome<T> => ({ ok: true, value });
export const fail = (code: Failure['code'], message: string, details?: Record<string, unknown>): { ok: false; error: Failure } => ({
  ok: false,
  error: details ? { code, message, details } : { code, message },
});

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
export async function atomically<T>(store: Store, fn: (tx: Tx) => Promise<Outcome<T>>): Promise<Outcome<T>> {
  try {
    return await store.withTransaction(async (tx) => {
      const outcome = await fn(tx);
      if (!outcome.ok) throw new Refused(outcome.error);
      return outcome;
    });
  } catch (error) {
    if (error instanceof Refused) return { ok: false, error: error.failure };
    throw error;
  }
}
