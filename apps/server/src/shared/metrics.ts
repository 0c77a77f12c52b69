import { collectDefaultMetrics, Registry } from 'prom-client';

/** The node's Prometheus registry: services may register their own series; GET /metrics reads it. */
export interface Metrics {
  readonly registry: Registry;
}

/** A registry per app (tests boot several in one process), with the process metrics. */
export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return { registry };
}
