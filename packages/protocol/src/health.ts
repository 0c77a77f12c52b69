import { z } from 'zod';

/** GET /healthz: the process runs (a liveness probe; it touches nothing else). */
export const healthAnswer = z.object({ status: z.literal('ok') });
export type HealthAnswer = z.infer<typeof healthAnswer>;

/**
 * One dependency's state in GET /readyz: `ok`, `off` (not configured: Redis is optional),
 * `timeout` (no answer within a second) or `failed` (it answered with an error).
 */
export const readinessCheck = z.enum(['ok', 'off', 'timeout', 'failed']);
export type ReadinessCheck = z.infer<typeof readinessCheck>;

/** GET /readyz: 200 `ready` when every check is `ok` or `off`, 503 `unavailable` naming the failing one. */
export const readyAnswer = z.object({
  status: z.enum(['ready', 'unavailable']),
  checks: z.object({ database: readinessCheck, redis: readinessCheck }),
  /** `sandbox` while PAYMENTS_SANDBOX is on: chips are given away for free (FEATURES.md §17). */
  payments: z.enum(['sandbox', 'live']),
});
export type ReadyAnswer = z.infer<typeof readyAnswer>;
