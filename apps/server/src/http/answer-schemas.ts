import type { FastifyInstance } from 'fastify';

/** One declared answer of a route: the status and the schema it was registered with. */
export interface DeclaredAnswer {
  readonly method: string;
  readonly url: string;
  readonly status: string;
  readonly schema: unknown;
}

/** A route as registered: its declared answers by status (none when it declares no response schema). */
export interface RegisteredRoute {
  readonly method: string;
  readonly url: string;
  readonly isHidden: boolean;
  readonly answers: readonly DeclaredAnswer[];
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered after `recordRoutes`, with its response schemas (tests check each 2xx is the protocol's). */
    registeredRoutes: readonly RegisteredRoute[];
  }
}

/** Records every route registered after it with the answers its schema declares. */
export function recordRoutes(app: FastifyInstance): void {
  const routes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', routes);
  app.addHook('onRoute', (route) => {
    const response = (route.schema?.response ?? {}) as Record<string, unknown>;
    const isHidden = (route.schema as { hide?: boolean } | undefined)?.hide === true;
    for (const method of [route.method].flat().filter((m) => m !== 'HEAD')) {
      const answers = Object.entries(response).map(([status, schema]) => ({ method, url: route.url, status, schema }));
      routes.push({ method, url: route.url, isHidden, answers });
    }
  });
}
