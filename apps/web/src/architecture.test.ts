import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Web files import one way (docs/architecture.md): `app/` wires the features together, features
 * build on `net/`, `state/`, `device/`, `ui/` and `i18n/`, and nothing below reaches back up. Every
 * source file counts, tests and test support included: a helper that imports the app is how an
 * arrow starts running back up. A cycle between two files makes neither readable alone, and a
 * feature that imports `app/` can no longer be loaded without the whole app.
 */

const srcDir = dirname(fileURLToPath(import.meta.url));
const SOURCE = /\.tsx?$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Relative specifiers of every static import/export, `vi.mock` and dynamic import() of a file. */
export function importsOf(text: string): string[] {
  const found: string[] = [];
  const pattern = /(?:\bfrom\s*|\bimport\s*\(?\s*|\bvi\.mock\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g;
  for (const match of text.matchAll(pattern)) found.push(match[1]!);
  return found;
}

/** The source file a specifier names (extension left off, or a folder's index), or null for CSS, SVG and the like. */
function resolveSource(from: string, specifier: string): string | null {
  const base = resolve(dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  const file = candidates.find((path) => SOURCE.test(path) && existsSync(path) && statSync(path).isFile());
  return file ?? null;
}

const fromSrc = (file: string) => relative(srcDir, file).split(sep).join('/');

/** File -> the files it imports, as paths relative to src/. */
function fileGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(srcDir)) {
    const targets = importsOf(readFileSync(file, 'utf8'))
      .map((specifier) => resolveSource(file, specifier))
      .filter((target): target is string => target !== null)
      .map(fromSrc);
    graph.set(fromSrc(file), [...new Set(targets)]);
  }
  return graph;
}

/** Every cycle of the graph, each once, starting from its smallest file, with the first repeated at the end. */
export function cyclesOf(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const cycles = new Map<string, string[]>();
  const done = new Set<string>();
  const visit = (node: string, path: string[], onPath: Set<string>) => {
    for (const next of graph.get(node) ?? []) {
      if (onPath.has(next)) {
        const cycle = path.slice(path.indexOf(next));
        const start = cycle.indexOf([...cycle].sort()[0]!);
        const canonical = [...cycle.slice(start), ...cycle.slice(0, start)];
        cycles.set(canonical.join(' -> '), [...canonical, canonical[0]!]);
      } else if (!done.has(next)) {
        onPath.add(next);
        visit(next, [...path, next], onPath);
        onPath.delete(next);
      }
    }
    done.add(node);
  };
  for (const node of [...graph.keys()].sort()) {
    if (!done.has(node)) visit(node, [node], new Set([node]));
  }
  return [...cycles.values()];
}

/** The folders under the features, which every feature shares and none of which may lean on another in a circle. */
const SHARED_FOLDERS = ['device', 'i18n', 'net', 'routes', 'state', 'ui'];

/** Shared folder -> the shared folders its files import, each edge named by its first import. */
function sharedFolderGraph(graph: ReadonlyMap<string, readonly string[]>): Map<string, string[]> {
  const folderOf = (path: string) => path.split('/')[0]!;
  const folders = new Map<string, string[]>(SHARED_FOLDERS.map((folder) => [folder, []]));
  for (const [from, targets] of graph) {
    const edges = folders.get(folderOf(from));
    for (const to of targets) {
      if (edges && folders.has(folderOf(to)) && folderOf(to) !== folderOf(from) && !edges.includes(folderOf(to))) edges.push(folderOf(to));
    }
  }
  return folders;
}

/** Imports that run from a feature up into the app shell, as `from -> to`. */
function featureToAppImports(graph: ReadonlyMap<string, readonly string[]>): string[] {
  return [...graph].flatMap(([from, targets]) =>
    from.startsWith('features/') ? targets.filter((to) => to.startsWith('app/')).map((to) => `${from} -> ${to}`) : [],
  );
}

describe('web architecture', () => {
  const graph = fileGraph();

  it('has no import cycle between files of src/, tests and test support included', () => {
    expect(cyclesOf(graph).map((cycle) => cycle.join(' -> '))).toEqual([]);
  });

  it('has no cycle between the shared folders (state, device, net, ...)', () => {
    expect(cyclesOf(sharedFolderGraph(graph)).map((cycle) => cycle.join(' -> '))).toEqual([]);
  });

  it('has no feature importing the app shell', () => {
    expect(featureToAppImports(graph)).toEqual([]);
  });

  it('reads every file, tests and test support too', () => {
    expect(graph.has('architecture.test.ts')).toBe(true);
    expect(graph.get('test-support/player-pages.tsx')).toContain('net/query-client.ts');
    expect(graph.get('app/app-routes.tsx')).toContain('features/start/start-screen.tsx');
    // A folder import resolves to its index, a mocked module counts as imported.
    expect(graph.get('app/app-routes-paths.test.tsx')).toContain('features/games/index.tsx');
  });

  it('names a cycle when there is one, once, from its smallest file', () => {
    const example = new Map([
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts', 'd.ts']],
      ['a.ts', ['b.ts']],
      ['d.ts', []],
    ]);
    expect(cyclesOf(example)).toEqual([['a.ts', 'b.ts', 'c.ts', 'a.ts']]);
  });

  it('reads static, re-exported, mocked and dynamic imports', () => {
    const text =
      "import { a } from '../net/a';\nexport * from './b';\nimport type { C } from \"../state/c\";\nconst d = await import('../device/d');\nvi.mock('../app/e', () => ({}));\nimport x from 'zod';\nimport './f.css';";
    expect(importsOf(text)).toEqual(['../net/a', './b', '../state/c', '../device/d', '../app/e', './f.css']);
  });
});
