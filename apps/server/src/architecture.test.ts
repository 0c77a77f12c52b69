import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Server folders import one way (docs/architecture.md): a cycle between two top-level folders of
 * src/ (say games -> rooms -> games) makes neither understandable nor testable alone. Test code
 * may reach anywhere, and the files at the root of src/ (app.ts, services.ts, ...) wire the
 * folders together, so neither counts.
 */

const srcDir = dirname(fileURLToPath(import.meta.url));

const isTestCode = (path: string) => /(^|\/)(test-support(\/|\.ts$)|test-[^/]*\.ts$)|\.test\.ts$/.test(path);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** Relative specifiers of every static import/export and dynamic import() of a file. */
function importsOf(text: string): string[] {
  const found: string[] = [];
  const pattern = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g;
  for (const match of text.matchAll(pattern)) found.push(match[1]!);
  return found;
}

/** The top-level folder of a path relative to src/, or null for a file at the root of src/. */
const folderOf = (path: string): string | null => (path.includes('/') ? path.split('/')[0]! : null);

/** Folder -> the folders its production code imports. */
function folderGraph(): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const file of sourceFiles(srcDir)) {
    const path = relative(srcDir, file).split(sep).join('/');
    const from = folderOf(path);
    if (from === null || isTestCode(path)) continue;
    const edges = graph.get(from) ?? new Map<string, string>();
    graph.set(from, edges);
    for (const specifier of importsOf(readFileSync(file, 'utf8'))) {
      const target = relative(srcDir, resolve(dirname(file), specifier)).split(sep).join('/');
      const to = folderOf(target);
      // The first file that makes an edge is named in a failure, so the cycle can be found.
      if (to !== null && to !== from && !edges.has(to)) edges.set(to, `${path} -> ${target}`);
    }
  }
  return graph;
}

/** Every cycle of the graph, each once, as the folders in order with the first repeated at the end. */
function cyclesOf(graph: ReadonlyMap<string, ReadonlyMap<string, string>>): string[][] {
  const cycles = new Map<string, string[]>();
  const visit = (node: string, path: string[]) => {
    for (const next of graph.get(node)?.keys() ?? []) {
      const at = path.indexOf(next);
      if (at !== -1) {
        const cycle = path.slice(at);
        // One cycle reached from different starting points is reported once, from its smallest folder.
        const start = cycle.indexOf([...cycle].sort()[0]!);
        const canonical = [...cycle.slice(start), ...cycle.slice(0, start)];
        cycles.set(canonical.join(' -> '), [...canonical, canonical[0]!]);
      } else {
        visit(next, [...path, next]);
      }
    }
  };
  for (const node of graph.keys()) visit(node, [node]);
  return [...cycles.values()];
}

describe('server architecture', () => {
  it('has no import cycle between top-level folders of src/', () => {
    const graph = folderGraph();
    const described = cyclesOf(graph).map((cycle) =>
      cycle
        .slice(1)
        .map((to, i) => graph.get(cycle[i]!)!.get(to)!)
        .join(', '),
    );
    expect(described).toEqual([]);
  });

  it('sees the folders it checks (rooms, games, emoji over tables)', () => {
    const graph = folderGraph();
    for (const folder of ['rooms', 'games', 'emoji']) expect(graph.get(folder)?.has('tables'), folder).toBe(true);
    expect(graph.get('tables')?.has('rooms') ?? false).toBe(false);
  });

  it('names a cycle when there is one', () => {
    const graph = new Map([
      ['games', new Map([['rooms', 'games/a.ts -> rooms/b.ts']])],
      ['rooms', new Map([['tables', 'x'], ['games', 'rooms/c.ts -> games/d.ts']])],
      ['tables', new Map<string, string>()],
    ]);
    expect(cyclesOf(graph)).toEqual([['games', 'rooms', 'games']]);
  });

  it('reads static, re-exported and dynamic imports', () => {
    const text = "import { a } from '../rooms/a.js';\nexport * from './b.js';\nimport type { C } from \"../games/c.js\";\nconst d = await import('../emoji/d.js');\nimport x from 'zod';";
    expect(importsOf(text)).toEqual(['../rooms/a.js', './b.js', '../games/c.js', '../emoji/d.js']);
  });

  it('keeps the two store schemas from importing each other', () => {
    const read = (name: string) => importsOf(readFileSync(join(srcDir, 'store', name), 'utf8'));
    expect(read('schema.ts')).not.toContain('./rooms-schema.js');
  });
});
