// `npm run bench`: builds what is missing, then runs every bench/*.mjs in name order.
// Each benchmark prints its own figures; none of them is a pass/fail test.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

const only = process.argv.slice(2);
spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
// support.mjs is the database benches' shared helper, not a bench.
const files = readdirSync('bench')
  .filter((f) => f.endsWith('.mjs') && f !== 'support.mjs')
  .sort()
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)));
for (const file of files) {
  console.log(`\n### ${file}`);
  spawnSync(process.execPath, [`bench/${file}`], { stdio: 'inherit' });
}
