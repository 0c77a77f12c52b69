// First-load figures (FEATURES §6, target: performance ≥ 0.95): Lighthouse's mobile performance
// score with FCP, LCP and TBT for /auth/login (signed out) and /games (signed in), the median of
// RUNS runs each, with Lighthouse's default mobile emulation and simulated slow-4G throttling.
// Starts the built server (building first if it is missing) on a free 127.0.0.1 port with a
// temporary data dir; Chromium from CHROME_PATH or /usr/bin/chromium, offline. A figure, not a test.
// LIGHTHOUSE_RUNS=n changes the run count; LIGHTHOUSE_SAVE=<dir> keeps each run's report.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serverArgs } from '../scripts/server-command.mjs';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromePath)) {
  console.log(`lighthouse: no Chromium at ${chromePath} (set CHROME_PATH)`);
  process.exit(0);
}
if (!existsSync('apps/web/dist/index.html') || !existsSync('apps/server/dist/main.js')) {
  console.log('lighthouse: building first (npm run build)...');
  if (spawnSync('npm', ['run', 'build'], { stdio: 'inherit' }).status !== 0) process.exit(1);
}

const { default: lighthouse } = await import('lighthouse');
const { chromium } = await import('playwright-core');

const freePort = () =>
  new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

const port = await freePort();
const dataDir = mkdtempSync(join(tmpdir(), 'durak-lighthouse-'));
const server = spawn(process.execPath, serverArgs, {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-0123',
    LOG_LEVEL: 'warn',
  },
  stdio: 'ignore',
});
const base = `http://127.0.0.1:${port}`;
let context;
try {
  let up = false;
  for (let i = 0; i < 240 && !up; i++) {
    up = await fetch(`${base}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (!up) await new Promise((r) => setTimeout(r, 250));
  }
  if (!up) throw new Error('the server did not start');

  // Lighthouse drives the browser's default profile through the debugging port; a persistent
  // context is that profile, so the cookies set below are the ones the audited page sees.
  const debugPort = await freePort();
  context = await chromium.launchPersistentContext(mkdtempSync(join(dataDir, 'profile-')), {
    executablePath: chromePath,
    args: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      `--remote-debugging-port=${debugPort}`,
    ],
  });

  // disableStorageReset keeps the session cookies but also the HTTP cache: each run clears the
  // cache itself, so every run is a first visit.
  const cdp = await context.newCDPSession(context.pages()[0] ?? (await context.newPage()));
  const audit = async (path) => {
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      await cdp.send('Network.clearBrowserCache');
      const result = await lighthouse(`${base}${path}`, {
        port: debugPort,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        disableStorageReset: true,
      });
      const { categories, audits, finalDisplayedUrl } = result.lhr;
      if (process.env.LIGHTHOUSE_SAVE)
        writeFileSync(join(process.env.LIGHTHOUSE_SAVE, `${path.replace(/\W+/g, '_')}-${i}.json`), result.report);
      runs.push({
        score: categories.performance.score,
        fcp: audits['first-contentful-paint'].numericValue,
        lcp: audits['largest-contentful-paint'].numericValue,
        tbt: audits['total-blocking-time'].numericValue,
        bytes: audits['total-byte-weight'].numericValue,
        url: finalDisplayedUrl,
      });
    }
    runs.sort((a, b) => a.score - b.score);
    const median = runs[Math.floor(runs.length / 2)];
    const s = (ms) => `${(ms / 1000).toFixed(1)} s`;
    const landed = new URL(median.url).pathname === path ? '' : `  (landed on ${new URL(median.url).pathname})`;
    console.log(
      `lighthouse mobile ${path.padEnd(12)} performance ${median.score.toFixed(2)}  FCP ${s(median.fcp)}  LCP ${s(median.lcp)}  TBT ${Math.round(median.tbt)} ms` +
        `  transfer ${(median.bytes / 1024).toFixed(0)} KB  scores [${runs.map((r) => r.score.toFixed(2)).join(' ')}]  target ≥ 0.95${landed}`,
    );
  };

  await audit('/auth/login');
  const registration = await fetch(`${base}/api/user/registration`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: `bench_${Date.now() % 1e6}`, password: 'password-123' }),
  });
  if (registration.status !== 201) throw new Error(`registration failed: ${registration.status}`);
  const tokens = await registration.json();
  // The session cookies the web app keeps (apps/web/src/net/session.ts).
  const cookie = (name, value) => ({ name, value, url: base, sameSite: 'Lax' });
  await context.addCookies([
    cookie('accessToken', tokens.access_token),
    cookie('refreshToken', tokens.refresh_token),
    cookie('authExp', String(Date.now() + 6 * 24 * 3600 * 1000)),
  ]);
  await audit('/games');
} catch (error) {
  console.log(`lighthouse: ${error instanceof Error ? error.message : error}`);
} finally {
  await context?.close();
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
