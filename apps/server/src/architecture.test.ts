import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Server imports run one way (docs/architecture.md). Every .ts file under src/ is read: root
 * files, tests and test helpers too, since a helper that reaches back up (a domain's
 * test-support.ts building the whole app) is where a cycle hides first.
 * - No file imports itself through others: a file-level cycle makes neither file readable alone.
 * - No cycle between top-level folders of src/ (say games -> rooms -> games) in the code the
 *   folders ship and the helpers beside it; tests may reach anywhere, so only they are left out.
 * - app.ts builds the services and is built by main.ts, tests, test-support/ and the simulation;
 *   no domain module imports it.
 * - Test helpers import downward only: a domain's test-support.ts reaches app.ts through none of
 *   its imports, however indirect (type imports count); what boots the app lives in test-support/
 *   (server.ts, rooms-server.ts) and the tests call it themselves.
 * - A service never knows about HTTP: nothing outside http/ and app.ts imports http/, services.ts
 *   (the services' interface) included.
 * - Rooms and friends import one way: friends invite to a room (rooms/room-invites.ts), and no
 *   file of rooms/ imports friends/ (a room reads its own invitation rows).
 * - Routes call services, never the store: no route file (http/*-routes.ts) imports store/ or
 *   reads a `store` or its `.db`; the services they get (RouteContext) have no store.
 */

const srcDir = dirname(fileURLToPath(import.meta.url));

const isTest = (path: string) => path.endsWith('.test.ts');
/** Who may build the whole app: its entry point, tests, test-support/ (a domain's own helper goes through it) and the load simulation. */
const mayImportApp = (path: string) =>
  path === 'main.ts' || isTest(path) || /^(test-support|simulation)\//.test(path) || path === 'simulate.ts';

/** Every .ts file under src/, relative to it with forward slashes. */
function sourceFiles(dir = srcDir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [relative(srcDir, path).split(sep).join('/')] : [];
  });
}

/** A route file: `http/<name>-routes.ts`, its tests left out. */
const isRouteFile = (path: string) => /^http\/[\w-]+-routes\.ts$/.test(path);

/** Whether code names a store or a database handle (`store`, `x.store`, `x.db`); comments aside. */
const touchesStore = (text: string) => /\bstore\b|\.db\b/.test(text.replace(/\/\/.*$|\/\*[\s\S]*?\*\//gm, ''));

/** Relative specifiers of every static import/export and dynamic import() of a file. */
function importsOf(text: string): string[] {
  const found: string[] = [];
  const pattern = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g;
  for (const match of text.matchAll(pattern)) found.push(match[1]!);
  return found;
}

/** The source file a specifier of `from` names: `../rooms/a.js` from `games/b.ts` is `rooms/a.ts`. */
const targetOf = (from: string, specifier: string): string =>
  relative(srcDir, resolve(srcDir, dirname(from), specifier))
    .split(sep)
    .join('/')
    .replace(/\.js$/, '.ts');

/** File -> the files it imports (relative to src/). */
function fileGraph(): Map<string, string[]> {
  return new Map(
    sourceFiles().map((path) => [path, importsOf(readFileSync(join(srcDir, path), 'utf8')).map((specifier) => targetOf(path, specifier))]),
  );
}

/** The top-level folder of a path relative to src/, or null for a file at the root of src/. */
const folderOf = (path: string): string | null => (path.includes('/') ? path.split('/')[0]! : null);

/** Folder -> the folders its files import (tests left out), each edge named by the first file that makes it. */
function folderGraph(files: ReadonlyMap<string, readonly string[]>): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const [path, targets] of files) {
    const from = folderOf(path);
    if (from === null || isTest(path)) continue;
    const edges = graph.get(from) ?? new Map<string, string>();
    graph.set(from, edges);
    for (const target of targets) {
      const to = folderOf(target);
      if (to !== null && to !== from && !edges.has(to)) edges.set(to, `${path} -> ${target}`);
    }
  }
  return graph;
}

/** Is this a domain's own test helper (`rooms/test-support.ts`, `tournaments/arena-test-support.ts`), not test-support/ itself? */
const isDomainHelper = (path: string) => /^[^/]+\/([\w-]+-)?test-support\.ts$/.test(path) && !path.startsWith('test-support/');

/** The shortest import chain from `from` to `to` (both ends included), or null when none exists. */
function chainTo(graph: ReadonlyMap<string, readonly string[]>, from: string, to: string): string[] | null {
  const cameFrom = new Map<string, string | null>([[from, null]]);
  const queue = [from];
  for (let node = queue.shift(); node !== undefined; node = queue.shift()) {
    if (node === to) {
      const chain: string[] = [];
      for (let at: string | null = node; at !== null; at = cameFrom.get(at)!) chain.unshift(at);
      return chain;
    }
    for (const next of graph.get(node) ?? []) {
      if (cameFrom.has(next)) continue;
      cameFrom.set(next, node);
      queue.push(next);
    }
  }
  return null;
}

/**
 * Cycles of the graph, each as its nodes in order with the first repeated at the end: one per
 * edge that closes a loop in a depth-first walk, so any cycle is found, in time linear in the
 * graph (several hundred files). A cycle is reported from its smallest node, once.
 */
function cyclesOf(graph: ReadonlyMap<string, Iterable<string>>): string[][] {
  const cycles = new Map<string, string[]>();
  const done = new Set<string>();
  const onPath: string[] = [];
  const visit = (node: string) => {
    onPath.push(node);
    for (const next of graph.get(node) ?? []) {
      const at = onPath.indexOf(next);
      if (at !== -1) {
        const cycle = onPath.slice(at);
        const start = cycle.indexOf([...cycle].sort()[0]!);
        const canonical = [...cycle.slice(start), ...cycle.slice(0, start)];
        cycles.set(canonical.join(' -> '), [...canonical, canonical[0]!]);
      } else if (!done.has(next)) {
        visit(next);
      }
    }
    onPath.pop();
    done.add(node);
  };
  for (const node of [...graph.keys()].sort()) if (!done.has(node)) visit(node);
  return [...cycles.values()];
}

describe('server architecture', () => {
  const files = fileGraph();

  it('reads every source file: root files, tests and test helpers included', () => {
    for (const path of ['app.ts', 'services.ts', 'architecture.test.ts', 'test-support/server.ts', 'rooms/test-support.ts'])
      expect(files.has(path), path).toBe(true);
    expect(files.get('main.ts')).toContain('app.ts');
  });

  it('has no import cycle between files, tests and helpers included', () => {
    expect(cyclesOf(files).map((cycle) => cycle.join(' -> '))).toEqual([]);
  });

  it('has no import cycle between top-level folders of src/', () => {
    const graph = folderGraph(files);
    const described = cyclesOf(new Map([...graph].map(([folder, edges]) => [folder, [...edges.keys()]] as const))).map((cycle) =>
      cycle
        .slice(1)
        .map((to, i) => graph.get(cycle[i]!)!.get(to)!)
        .join(', '),
    );
    expect(described).toEqual([]);
  });

  it('lets only main.ts, tests, test-support/ and the simulation import app.ts', () => {
    const importers = [...files].filter(([path, targets]) => targets.includes('app.ts') && !mayImportApp(path)).map(([path]) => path);
    expect(importers).toEqual([]);
  });

  it("keeps every domain's test-support.ts below app.ts: no import chain, however long, reaches it", () => {
    const helpers = [...files.keys()].filter(isDomainHelper);
    expect(helpers).toEqual(expect.arrayContaining(['rooms/test-support.ts', 'tournaments/test-support.ts', 'admin/test-support.ts']));
    const reaching = helpers.map((path) => chainTo(files, path, 'app.ts')?.join(' -> ')).filter((chain) => chain !== undefined);
    expect(reaching).toEqual([]);
  });

  it('finds a helper that reaches app.ts through other files, and only such a helper', () => {
    const graph = new Map<string, string[]>([
      ['tournaments/test-support.ts', ['rooms/test-support.ts', 'store/db.ts']],
      ['rooms/test-support.ts', ['test-support/http.ts', 'test-support/server.ts']],
      ['test-support/server.ts', ['app.ts']],
      ['test-support/http.ts', []],
      ['app.ts', ['store/db.ts']],
      ['store/db.ts', []],
    ]);
    expect(chainTo(graph, 'tournaments/test-support.ts', 'app.ts')).toEqual([
      'tournaments/test-support.ts',
      'rooms/test-support.ts',
      'test-support/server.ts',
      'app.ts',
    ]);
    graph.set('rooms/test-support.ts', ['test-support/http.ts']);
    expect(chainTo(graph, 'tournaments/test-support.ts', 'app.ts')).toBeNull();
    expect(['rooms/test-support.ts', 'test-support/server.ts', 'rooms/test-support.test.ts', 'app.ts'].filter(isDomainHelper)).toEqual([
      'rooms/test-support.ts',
    ]);
  });

  it('keeps HTTP out of the services: only http/ and app.ts import http/', () => {
    const importers = [...files]
      .filter(
        ([path, targets]) =>
          !isTest(path) && path !== 'app.ts' && folderOf(path) !== 'http' && targets.some((target) => folderOf(target) === 'http'),
      )
      .map(([path]) => path);
    expect(importers).toEqual([]);
  });

  it('keeps rooms and friends one way: friends import rooms (the invitation to a table), rooms never import friends', () => {
    const importers = [...files]
      .filter(([path, targets]) => !isTest(path) && folderOf(path) === 'rooms' && targets.some((target) => folderOf(target) === 'friends'))
      .map(([path]) => path);
    expect(importers).toEqual([]);
    expect(folderGraph(files).get('friends')?.get('rooms')).toBe('friends/friends-module.ts -> rooms/room-invites.ts');
  });

  it('keeps the store out of the routes: no route file imports store/ or touches a store', () => {
    const routeFiles = [...files.keys()].filter(isRouteFile);
    expect(routeFiles).toEqual(expect.arrayContaining(['http/room-routes.ts', 'http/admin-user-routes.ts', 'http/system-routes.ts']));
    const importing = routeFiles.flatMap((path) =>
      files
        .get(path)!
        .filter((target) => folderOf(target) === 'store')
        .map((target) => `${path} -> ${target}`),
    );
    expect(importing).toEqual([]);
    const touching = routeFiles.filter((path) => touchesStore(readFileSync(join(srcDir, path), 'utf8')));
    expect(touching).toEqual([]);
  });

  it('tells a route file that touches a store from one that does not', () => {
    expect(['http/room-routes.ts', 'http/room-routes.test.ts', 'http/errors.ts', 'rooms/x-routes.ts'].filter(isRouteFile)).toEqual([
      'http/room-routes.ts',
    ]);
    expect(touchesStore('const { store } = services;')).toBe(true);
    expect(touchesStore('await listEmoji(services.store.db, page)')).toBe(true);
    expect(touchesStore('roomForViewer(module.db, item)')).toBe(true);
    expect(touchesStore("await services.catalogue.emoji(page, limit); // the store's emoji")).toBe(false);
  });

  it('sees the folders it checks (rooms, games, emoji over room-core; publishing below every domain)', () => {
    const graph = folderGraph(files);
    for (const folder of ['rooms', 'games', 'emoji']) expect(graph.get(folder)?.has('room-core'), folder).toBe(true);
    for (const folder of ['rooms', 'games', 'emoji']) expect(graph.get('room-core')?.has(folder) ?? false, folder).toBe(false);
    for (const folder of ['room-core', 'friends', 'tournaments', 'economy', 'players'])
      expect(graph.get(folder)?.has('publishing'), folder).toBe(true);
    const domains = ['rooms', 'games', 'emoji', 'room-core', 'friends', 'tournaments', 'economy', 'players', 'wallets'];
    expect(domains.filter((folder) => graph.get('publishing')?.has(folder))).toEqual([]);
  });

  it('names a cycle when there is one', () => {
    const graph = new Map([
      ['games', ['rooms']],
      ['rooms', ['room-core', 'games']],
      ['room-core', []],
    ]);
    expect(cyclesOf(graph)).toEqual([['games', 'rooms', 'games']]);
    expect(
      cyclesOf(
        new Map([
          ['a.ts', ['b.ts']],
          ['b.ts', ['c.ts']],
          ['c.ts', ['b.ts']],
        ]),
      ),
    ).toEqual([['b.ts', 'c.ts', 'b.ts']]);
    expect(
      cyclesOf(
        new Map([
          ['a.ts', ['b.ts', 'c.ts']],
          ['b.ts', ['c.ts']],
          ['c.ts', []],
        ]),
      ),
    ).toEqual([]);
  });

  it('reads static, re-exported and dynamic imports, and names the files they point to', () => {
    const text =
      "import { a } from '../rooms/a.js';\nexport * from './b.js';\nimport type { C } from \"../games/c.js\";\nconst d = await import('../emoji/d.js');\nimport x from 'zod';";
    expect(importsOf(text)).toEqual(['../rooms/a.js', './b.js', '../games/c.js', '../emoji/d.js']);
    expect(targetOf('games/x.ts', '../rooms/a.js')).toBe('rooms/a.ts');
    expect(targetOf('rooms/test-support.ts', '../app.js')).toBe('app.ts');
  });

  it('keeps the two store schemas from importing each other', () => {
    expect(files.get('store/schema.ts')).not.toContain('store/rooms-schema.ts');
  });
});
