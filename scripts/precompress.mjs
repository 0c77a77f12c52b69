// Build step after `vite build` (FEATURES §6 first load): writes a brotli (.br) and a gzip (.gz)
// copy beside every text file of the web build, so the server sends them as they are, with no
// compression work per request. A copy that would not be smaller is not written (the server then
// sends the plain file). Usage: node scripts/precompress.mjs <dir>
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
// Below this a compressed copy saves less than a packet's worth.
const MIN_BYTES = 512;

const root = process.argv[2];
if (!root) {
  console.error('usage: node scripts/precompress.mjs <dir>');
  process.exit(2);
}

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    // .vite/ holds the build manifest, which is read from disk and never served.
    if (entry.isDirectory()) {
      if (entry.name !== '.vite') yield* files(path);
    } else if (TEXT.test(entry.name)) yield path;
  }
}

let plain = 0;
let brotli = 0;
let count = 0;
for (const path of files(root)) {
  if (statSync(path).size < MIN_BYTES) continue;
  const data = readFileSync(path);
  const br = brotliCompressSync(data, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
  });
  const gz = gzipSync(data, { level: 9 });
  if (br.length < data.length) writeFileSync(`${path}.br`, br);
  if (gz.length < data.length) writeFileSync(`${path}.gz`, gz);
  plain += data.length;
  brotli += Math.min(br.length, data.length);
  count++;
}
console.log(`precompressed ${count} files in ${root}: ${(plain / 1024).toFixed(0)} KB -> ${(brotli / 1024).toFixed(0)} KB brotli`);
