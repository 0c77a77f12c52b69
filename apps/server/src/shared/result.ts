import type { ErrorCode, Failure } from '@durak/protocol';

/**
 * The one answer type of the server's services: the value, or an expected failure with its stable
 * code. `C` narrows the codes a service may fail with, where it names them (accounts do).
 */
export type Result<T, C extends ErrorCode = ErrorCode> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: Failure<C> };

export const ok = <T>(value: T): { readonly ok: true; readonly value: T } => ({ ok: true, value });
export const failure = <C extends ErrorCode>(
  code: C,
  message: string,
  details?: Record<string, unknown>,
): { ok: false; error: Failure<C> } => ({
  ok: false,
  error: details ? { code, message, details } : { code, message },
});

/** The same answer with its value changed (a service's row shaped for the wire); a failure passes through. */
export const mapResult = <T, U, C extends ErrorCode>(result: Result<T, C>, change: (value: T) => U): Result<U, C> =>
  result.ok ? ok(change(result.value)) : result;
