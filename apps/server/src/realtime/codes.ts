/**
 * Codes of the Centrifuge client protocol, as the `centrifuge` client understands them.
 * Error codes answer one command; disconnect codes close the connection. A disconnect code in
 * 3500–3999 or 4500–4999 stops the client, any other one makes it reconnect.
 */
export const errorCode = {
  internal: 100,
  unauthorized: 101,
  unknownChannel: 102,
  permissionDenied: 103,
  methodNotFound: 104,
  alreadySubscribed: 105,
  limitExceeded: 106,
  badRequest: 107,
  notAvailable: 108,
  tokenExpired: 109,
  expired: 110,
  tooManyRequests: 111,
  unrecoverablePosition: 112,
} as const;

export type ErrorCode = (typeof errorCode)[keyof typeof errorCode];

const errorMessage: Record<ErrorCode, string> = {
  100: 'internal server error',
  101: 'unauthorized',
  102: 'unknown channel',
  103: 'permission denied',
  104: 'method not found',
  105: 'already subscribed',
  106: 'limit exceeded',
  107: 'bad request',
  108: 'not available',
  109: 'token expired',
  110: 'expired',
  111: 'too many requests',
  112: 'unrecoverable position',
};

/** Errors the client retries on its own (the protocol's `temporary` flag). */
const temporaryErrors: ReadonlySet<ErrorCode> = new Set([errorCode.internal, errorCode.tooManyRequests]);

export interface ProtocolError {
  code: ErrorCode;
  message: string;
  temporary?: true;
}

export function protocolError(code: ErrorCode): ProtocolError {
  return temporaryErrors.has(code) ? { code, message: errorMessage[code], temporary: true } : { code, message: errorMessage[code] };
}

export interface Disconnect {
  code: number;
  reason: string;
}

/** Close codes: 3000–3499 reconnect, 3500–3999 are terminal. */
export const disconnect = {
  shutdown: { code: 3001, reason: 'shutdown' },
  serverError: { code: 3004, reason: 'internal server error' },
  expired: { code: 3005, reason: 'connection expired' },
  slow: { code: 3008, reason: 'slow' },
  insufficientState: { code: 3010, reason: 'insufficient state' },
  forceReconnect: { code: 3011, reason: 'force reconnect' },
  noPong: { code: 3012, reason: 'no pong' },
  tooManyRequests: { code: 3013, reason: 'too many requests' },
  invalidToken: { code: 3500, reason: 'invalid token' },
  badRequest: { code: 3501, reason: 'bad request' },
  stale: { code: 3502, reason: 'stale' },
  forceNoReconnect: { code: 3503, reason: 'force disconnect' },
  notAvailable: { code: 3508, reason: 'not available' },
  // Terminal: the oldest of a user's connections gives way to the newest; were it to reconnect it
  // would close the next oldest, and so on round the user's devices.
  connectionLimit: { code: 3512, reason: 'connection limit' },
  tooManyErrors: { code: 3509, reason: 'too many errors' },
} as const satisfies Record<string, Disconnect>;

/**
 * Refusals that are the client's fault and count towards its error budget. Temporary errors
 * (ours), an expired token (the normal refresh path) and an unrecoverable position (the normal
 * path after a long drop) do not.
 */
export const clientFaults: ReadonlySet<ErrorCode> = new Set([
  errorCode.unknownChannel,
  errorCode.permissionDenied,
  errorCode.methodNotFound,
  errorCode.alreadySubscribed,
  errorCode.limitExceeded,
  errorCode.badRequest,
  errorCode.notAvailable,
]);

/** Unsubscribe push codes below 2500 end the subscription; the client does not resubscribe. */
export const serverUnsubscribe = { code: 2000, reason: 'server unsubscribe' } as const;
