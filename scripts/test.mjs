// The README's test command: format, lint, dead exports, typecheck, every workspace's tests, then the browser tests.
// It ends with one plain summary line ("tests: N passed, N failed, N skipped") that CI reads.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const isCi = process.env.CI === 'true';
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const totals = { passed: 0, failed: 0, skipped: 0 };

function run(title, cmd, args, env = {}) {
  console.log(`\n=== ${title}`);
  const result = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

function vitest(title, args, env = {}) {
  const report = join(mkdtempSync(join(tmpdir(), 'durak-test-')), 'report.json');
  const ok = run(title, 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...args], env);
  if (existsSync(report)) {
    const r = JSON.parse(readFileSync(report, 'utf8'));
    totals.passed += r.numPassedTests;
    totals.failed += r.numFailedTests;
    totals.skipped += r.numPendingTests + r.numTodoTests;
    if (!ok && r.numFailedTests === 0) totals.failed += 1; // a suite that failed to load
  } else if (!ok) totals.failed += 1;
  return ok;
}

let ok = true;
ok = run('format (prettier --check; npm run format writes it)', 'npx', ['prettier', '--check', '.', '--log-level', 'warn']) && ok;
ok = run('lint', 'npx', ['eslint', '.']) && ok;
ok = run('dead exports and files (knip)', 'npx', ['knip', '--include', 'exports,types,nsExports,nsTypes,files']) && ok;
for (const project of ['packages/engine', 'packages/protocol', 'apps/server', 'apps/web']) {
  if (existsSync(join(project, 'tsconfig.json'))) ok = run(`typecheck ${project}`, 'npx', ['tsc', '--noEmit', '-p', project]) && ok;
}
ok = vitest('unit and integration tests', []) && ok;

if (existsSync('e2e/vitest.config.ts')) {
  if (existsSync(chromium)) {
    ok = run('build for the browser tests', 'npm', ['run', 'build']) && ok;
    ok = vitest('browser tests', ['--config', 'e2e/vitest.config.ts'], { CHROMIUM_PATH: chromium }) && ok;
  } else if (isCi) {
    console.error(`\n!!! Chromium is missing at ${chromium}: under CI=true the browser tests must run.`);
    ok = false;
    totals.failed += 1;
  } else {
    console.warn(`\n!!! SKIPPING THE BROWSER TESTS: no Chromium at ${chromium} (apt-get install -y chromium).`);
  }
}

console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(ok && totals.failed === 0 ? 0 : 1);
