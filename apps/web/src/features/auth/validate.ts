import type { ApiErrorCode } from '../../net/api-error';

/** Translation keys of the client-side checks; the server's own answer is shown the same way. */
export type FieldProblem = 'errors.required' | 'errors.username_format' | 'errors.password_short' | 'errors.password_mismatch';

// The server's rule (packages/protocol): 3–32 letters of any script, digits, '_', '.' or '-'.
export const USERNAME_PATTERN = /^[\p{L}\p{N}_.-]{3,32}$/u;
export const PASSWORD_MIN = 8;

export function checkUsername(value: string, isNew = true): FieldProblem | null {
  if (!value.trim()) return 'errors.required';
  // Signing in only needs a name; the format rule is for choosing a new one.
  if (!isNew) return null;
  return USERNAME_PATTERN.test(value.trim()) ? null : 'errors.username_format';
}

export function checkPassword(value: string, isNew: boolean): FieldProblem | null {
  if (!value) return 'errors.required';
  return isNew && value.length < PASSWORD_MIN ? 'errors.password_short' : null;
}

export function checkRepeat(password: string, repeat: string): FieldProblem | null {
  if (!repeat) return 'errors.required';
  return password === repeat ? null : 'errors.password_mismatch';
}

/** The translation key for a server error code, so the message reads in the user's language. */
export function serverProblemKey(code: ApiErrorCode): string {
  switch (code) {
    case 'auth/invalid_credentials':
      return 'errors.invalid_credentials';
    case 'user/username_taken':
      return 'errors.username_taken';
    case 'auth/banned':
      return 'access_revoked.banned';
    case 'network/unreachable':
      return 'errors.network';
    case 'request/invalid':
      return 'errors.invalid';
    case 'request/rate_limited':
      return 'errors.rate_limited';
    default:
      return 'errors.unknown';
  }
}
