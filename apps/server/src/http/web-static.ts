import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * A file Vite named by its content (`index-B1CzV04Z.js`, `es-ga-D9xG2hYr.svg`): it never changes
 * under that name, so a browser may keep it for a year without asking again. Files copied from
 * public/ (`/assets/button.mp3`, `/locales/…`) keep their names across builds and are not.
 */
const HASHED_ASSET = /^[\w.-]+-[\w-]{8}\.[a-z0-9]+$/i;

/** Cache-Control for a file of the web build, by its path on disk (a .br/.gz sibling counts as the file). */
export function webCacheControl(filePath: string): string {
  const name = basename(filePath).replace(/\.(br|gz)$/, '');
  const isHashed = /[\\/]assets[\\/][^\\/]+$/.test(filePath) && HASHED_ASSET.test(name);
  if (isHashed) return 'public, max-age=31536000, immutable';
  // The rest keeps its name across deploys: index.html names the current hashed files, and a
  // language file must match the code that asks for its keys, so a browser asks again each time
  // (a 304 on the ETag is cheap) rather than start an old build's page or texts.
  return 'no-cache';
}

/**
 * Serves the built web app (FEATURES §6 first load): the build step leaves a .br and a .gz beside
 * each text file (scripts/precompress.mjs), and the one the browser accepts is sent with its
 * Content-Encoding and `Vary: Accept-Encoding`; without them the plain file is sent. Returns
 * whether there is a web app to serve.
 */
export async function registerWebStatic(app: FastifyInstance, webDist: string): Promise<boolean> {
  if (!existsSync(join(webDist, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root: webDist,
    prefix: '/',
    wildcard: true,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, filePath) => void reply.header('cache-control', webCacheControl(filePath)),
  });
  return true;
}
