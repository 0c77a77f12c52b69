// `npm start`: builds what is missing or stale, then runs the server on one port (DESIGN.md §3).
// A workspace is stale when its dist/ is missing or any of its sources is newer than its newest
// build output. The server migrates and seeds an empty database itself at start.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { serverArgs } from './server-command.mjs';

const workspaces = [
  { dir: 'packages/engine', sources: ['src'], output: 'dist' },
  { dir: 'packages/protocol', sources: ['src'], output: 'dist' },
  { dir: 'apps/server', sources: ['src'], output: 'dist' },
  { dir: 'apps/web', sources: ['src', 'build', 'index.html', 'public', 'vite.config.ts'], output: 'dist' },
];

function newest(path, skipTests) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return skipTests && /\.test\.tsx?$/.test(path) ? 0 : stat.mtimeMs;
  let latest = 0;
  for (const entry of readdirSync(path)) latest = Math.max(latest, newest(join(path, entry), skipTests));
  return latest;
}

const stale = workspaces.filter((w) => {
  if (!existsSync(join(w.dir, 'package.json'))) return false;
  const built = newest(join(w.dir, w.output), false);
  const source = Math.max(...w.sources.map((s) => newest(join(w.dir, s), true)));
  return built === 0 || source > built;
});

if (stale.length > 0) {
  console.log(`Building (${stale.map((w) => w.dir).join(', ')} missing or out of date)...`);
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('The build failed; not starting.');
    process.exit(build.status ?? 1);
  }
}

const server = spawn(process.execPath, serverArgs, { stdio: 'inherit' });
// Pass stop signals on so the server shuts down gracefully (finish requests, close the database).
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
