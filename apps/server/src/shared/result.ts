import type { Failure } from '@durak/protocol';

/** A service answer: the value, or an expected failure with its stable code. */
export type Result<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: Failure };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const failure = (code: Failure['code'], message: string, details?: Record<string, unknown>): { ok: false; error: Failure } => ({
  ok: false,
  error: details ? { code, message, details } : { code, message },
});
