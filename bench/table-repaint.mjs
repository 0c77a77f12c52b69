// The game screens' figures (issue #7): the gzipped JavaScript the lobby (/games), the table
// (/durak/{id}) and the replay (/replay/{id}, FEATURES.md §14) add beyond the shell (target ≤ 120 KB
// each), and the time from a room channel publication's arrival in Chromium to the table's repaint.
// Starts the built server on a free 127.0.0.1 port with a temporary data dir; two players play by
// API while a browser watches one of their tables; bounded in count and time.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { legalActions } from '../packages/engine/dist/index.js';
import { serverArgs } from '../scripts/server-command.mjs';

const dist = 'apps/web/dist';
const manifestPath = join(dist, '.vite/manifest.json');
if (!existsSync(manifestPath) || !existsSync('apps/server/dist/main.js')) {
  console.log('table repaint: build first (npm run build)');
  process.exit(0);
}

// 1. Route sizes beyond the shell, from Vite's manifest.
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const closure = (key, seen = new Set()) => {
  if (!manifest[key] || seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key].imports ?? []) closure(dep, seen);
  return seen;
};
const jsFiles = (keys) => new Set([...keys].map((k) => manifest[k].file).filter((f) => f.endsWith('.js')));
const gz = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
const shell = jsFiles(closure(entry));
for (const [name, key] of [
  ['lobby  /games', 'src/features/games/index.tsx'],
  ['table  /durak/{id}', 'src/features/table/index.tsx'],
  // FEATURES.md §14: the replay page's first paint is held to the table's budget.
  ['replay /replay/{id}', 'src/features/replay/index.tsx'],
]) {
  if (!manifest[key]) continue;
  const extra = [...jsFiles(closure(key))].filter((f) => !shell.has(f));
  const bytes = extra.reduce((t, f) => t + gz(f), 0);
  console.log(
    `${name} JS beyond the shell (gzip): ${(bytes / 1024).toFixed(1)} KB in ${extra.length} file(s)  target ≤ 120 KB  ${bytes <= 120 * 1024 ? 'OK' : 'OVER'}`,
  );
}

// 2. Publication to repaint.
const { chromium } = await import('playwright-core');
const port = await new Promise((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port: p } = probe.address();
    probe.close(() => resolve(p));
  });
});
const dataDir = mkdtempSync(join(tmpdir(), 'durak-bench-'));
const child = spawn(process.execPath, serverArgs, {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-0123',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '100000',
  },
  stdio: 'ignore',
});
const base = `http://127.0.0.1:${port}`;
let browser;
try {
  for (let i = 0; i < 360; i++) {
    if (
      await fetch(`${base}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 250));
  }
  const call = async (token, method, path, body) => {
    const res = await fetch(`${base}/api${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      ...(method === 'GET' ? {} : { body: JSON.stringify(body ?? {}) }),
    });
    const text = await res.text();
    if (res.status >= 400) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return text ? JSON.parse(text) : null;
  };
  const players = [];
  for (let i = 0; i < 2; i++) {
    const res = await fetch(`${base}/api/user/registration`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: `bench${Date.now().toString(36)}${i}`, password: 'bench-password-1' }),
    });
    const tokens = await res.json();
    players.push({ tokens, id: JSON.parse(Buffer.from(tokens.access_token.split('.')[1], 'base64url').toString()).sub });
  }
  const [a, b] = players;
  const room = await call(a.tokens.access_token, 'POST', '/v1/rooms/', {
    bet_amount: 100,
    player_count: 2,
    deck_size: 36,
    balance_type: 'BONUS_BALANCE',
    is_speed_mode: false,
    is_transfer_allowed: false,
    is_cheating_allowed: false,
    is_draw_allowed: false,
    is_death_match_allowed: false,
    is_classic_mode_allowed: true,
    card_transfer_permission: 'ALL_PLAYERS',
    secret_trump_mode: false,
  });
  await call(b.tokens.access_token, 'POST', `/v1/rooms/${room.id}/seat`);
  for (const p of players) await call(p.tokens.access_token, 'POST', `/v1/rooms/${room.id}/ready`);

  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'ru-RU' });
  await context.addCookies(
    ['accessToken', 'refreshToken', 'authExp'].map((name, k) => ({
      name,
      value: [a.tokens.access_token, a.tokens.refresh_token, String(Date.now() + 5 * 864e5)][k],
      domain: '127.0.0.1',
      path: '/',
      sameSite: 'Lax',
    })),
  );
  const page = await context.newPage();
  // Marks the arrival of each seq on the socket and the first frame after the table shows it.
  await page.addInitScript(() => {
    const marks = { arrived: {}, painted: {} };
    window.__marks = marks;
    const Native = window.WebSocket;
    window.WebSocket = class extends Native {
      constructor(...args) {
        super(...args);
        this.addEventListener('message', (event) => {
          const at = performance.now();
          for (const m of String(event.data).matchAll(/"channel":"room:[^"]+","pub":\{"data":\{[^]*?"seq":(\d+)/g))
            marks.arrived[m[1]] ??= at;
        });
      }
    };
    new MutationObserver(() => {
      const seq = document.querySelector('[data-testid="table-page"]')?.getAttribute('data-seq');
      if (seq && marks.arrived[seq] !== undefined && marks.painted[seq] === undefined) {
        marks.painted[seq] = -1;
        requestAnimationFrame(() => {
          marks.painted[seq] = performance.now();
        });
      }
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-seq'] });
  });
  await page.goto(`${base}/durak/${room.id}`);
  await page.locator('[data-status="in_progress"]').waitFor({ timeout: 60_000 });
  await page.waitForTimeout(1000);

  const deadline = Date.now() + 90_000;
  let steps = 0;
  while (steps < 60 && Date.now() < deadline) {
    let acted = false;
    for (const p of players) {
      const view = await call(p.tokens.access_token, 'GET', `/v1/rooms/${room.id}/view`);
      if (view.status === 'FINISHED') break;
      const legal = legalActions(view, p.id).filter((x) => x.type !== 'surrender');
      const chosen = legal.find((x) => x.type === 'attack' || x.type === 'defence') ?? legal.find((x) => x.type === 'beat') ?? legal[0];
      if (!chosen) continue;
      const path = chosen.type;
      const body =
        path === 'attack'
          ? { cards: chosen.cards }
          : path === 'defence'
            ? { slot_id: chosen.slot_id, card: chosen.card }
            : path === 'transfer'
              ? { card: chosen.card }
              : {};
      const { seq } = await call(p.tokens.access_token, 'POST', `/v1/rooms/${room.id}/${path}`, body);
      await page.waitForFunction((s) => window.__marks.painted[s] > 0, String(seq), { timeout: 10_000 }).catch(() => undefined);
      steps += 1;
      acted = true;
      break;
    }
    if (!acted) break;
  }
  const marks = await page.evaluate(() => window.__marks);
  const times = Object.keys(marks.painted)
    .filter((s) => marks.painted[s] > 0 && marks.arrived[s] !== undefined)
    .map((s) => marks.painted[s] - marks.arrived[s])
    .sort((x, y) => x - y);
  const pct = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))]?.toFixed(1);
  console.log(
    `table repaint after a publication (Chromium, 390×844): median ${pct(0.5)} ms, p95 ${pct(0.95)} ms, max ${times.at(-1)?.toFixed(1)} ms over ${times.length} publications`,
  );
} finally {
  await browser?.close();
  child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  rmSync(dataDir, { recursive: true, force: true });
}
