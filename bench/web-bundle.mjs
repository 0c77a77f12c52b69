// Gzipped JavaScript of the web app: what the start route loads, and what each lazy route adds.
// Reads apps/web/dist (built by `npm run bench`) through Vite's manifest. Target: start ≤ 150 KB.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = 'apps/web/dist';
const manifestPath = join(dist, '.vite/manifest.json');
if (!existsSync(manifestPath)) {
  console.log('web bundle: apps/web/dist is not built (npm run build -w @durak/web)');
  process.exit(0);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const gz = new Map();
const gzipped = (file) => {
  if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length);
  return gz.get(file);
};

// Every JS file a chunk pulls in statically (what the browser must fetch before it runs).
function staticClosure(key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return seen;
  seen.add(key);
  for (const dep of chunk.imports ?? []) staticClosure(dep, seen);
  return seen;
}
const filesOf = (keys) => new Set([...keys].map((k) => manifest[k].file).filter((f) => f.endsWith('.js')));
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const sum = (files) => [...files].reduce((total, f) => total + gzipped(f), 0);

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
const startFiles = filesOf(staticClosure(entryKey));
const start = sum(startFiles);
console.log(
  `web start route JS (gzip): ${kb(start)} in ${startFiles.size} file(s)  target ≤ 150 KB  ${start <= 150 * 1024 ? 'OK' : 'OVER'}`,
);
for (const file of [...startFiles].sort((a, b) => gzipped(b) - gzipped(a)))
  console.log(`  start ${file.replace(/^assets\//, '').padEnd(34)} ${kb(gzipped(file)).padStart(9)}`);

// Each lazy import of the entry's closure, and what it adds on top of the start route.
const lazyKeys = new Set();
for (const key of staticClosure(entryKey)) for (const dyn of manifest[key].dynamicImports ?? []) lazyKeys.add(dyn);
const rows = [];
for (const key of lazyKeys) {
  const extra = [...filesOf(staticClosure(key))].filter((f) => !startFiles.has(f));
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(key);
  const name = pkg
    ? `package ${pkg[1]}`
    : key
        .replace(/^_/, '')
        .replace(/-[\w-]{8}\.js$/, '')
        .replace(/^src\//, '')
        .replace(/\/index\.tsx?$/, '')
        .replace(/\.tsx?$/, '');
  rows.push([name, sum(extra), extra.length]);
  // Lazy chunks may themselves lazy-load (tabs of the main page).
  for (const nested of manifest[key].dynamicImports ?? []) lazyKeys.add(nested);
}
rows.sort((a, b) => a[0].localeCompare(b[0]));
for (const [name, bytes, count] of rows) console.log(`  lazy ${name.padEnd(34)} +${kb(bytes).padStart(9)}  (${count} file(s))`);
