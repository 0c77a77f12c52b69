import type { FastifyInstance } from 'fastify';
import type { Services } from '../services.js';

/** What the routes call: every service but the store, which only the services touch. */
export type RouteServices = Omit<Services, 'store'>;

/** What every route file is registered with: `registerXRoutes(app, context)`. */
export interface RouteContext {
  readonly services: RouteServices;
  /** The clock (tests move it). */
  readonly now: () => Date;
}

/** The one signature of a route file's registration. */
export type RegisterRoutes = (app: FastifyInstance, context: RouteContext) => void;
