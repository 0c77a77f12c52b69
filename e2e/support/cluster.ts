import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../apps/server/src/test-support/server-process';
import { waitForHealth } from './server';
import { serverArgs } from '../../scripts/server-command.mjs';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
export const nginxPath = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
export const deployNginxConf = join(repoRoot, 'deploy/nginx.conf');

export interface RunningProcess {
  readonly url: string;
  stop(): Promise<void>;
}

function keepOutput(child: ChildProcess): () => string {
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return () => log;
}

/**
 * A started process as the tests use it: healthy at `url` before it is handed out, and stopped
 * with SIGTERM (both the server and nginx shut down on it; a hang fails the hook's own timeout),
 * its temporary directory removed.
 */
async function supervised(child: ChildProcess, url: string, output: () => string, dir: string): Promise<RunningProcess> {
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(url, child, output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop };
}

/**
 * One built server node (scripts/server-command.mjs, as the Dockerfile runs it) on 127.0.0.1 and a
 * free port; `env` carries what the nodes share (DATABASE_URL, REDIS_URL, JWT_SECRET, ...).
 */
export async function startNode(env: Record<string, string>): Promise<RunningProcess> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'durak-cluster-node-'));
  const child = spawn(process.execPath, serverArgs, {
    cwd: repoRoot,
    env: { ...process.env, LOG_LEVEL: 'warn', AGE_CHECK: 'off', ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return supervised(child, `http://127.0.0.1:${port}`, keepOutput(child), dataDir);
}

function replaceOnce(text: string, pattern: RegExp, replacement: string): string {
  const matches = text.match(new RegExp(pattern.source, `${pattern.flags.replace('g', '')}g`)) ?? [];
  if (matches.length !== 1) throw new Error(`deploy/nginx.conf: expected exactly one line matching ${pattern}, found ${matches.length}`);
  return text.replace(pattern, replacement);
}

/**
 * deploy/nginx.conf as compose runs it, with only what differs on a test machine changed: the
 * listen address, the two upstream nodes, and temp paths an unprivileged process may write
 * (Debian's nginx is built with /var/lib/nginx/*).
 */
export function nginxConfigFor(conf: string, options: { listen: string; nodes: readonly [string, string]; dir: string }): string {
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((kind) => `  ${kind}_temp_path ${join(options.dir, kind)};`)
    .join('\n');
  let result = replaceOnce(conf, /^(\s*)listen 80;$/m, `$1listen ${options.listen};`);
  result = replaceOnce(result, /^(\s*)server app1:3000;$/m, `$1server ${options.nodes[0]};`);
  result = replaceOnce(result, /^(\s*)server app2:3000;$/m, `$1server ${options.nodes[1]};`);
  return replaceOnce(result, /^http \{$/m, `http {\n${temp}`);
}

/** Debian's nginx in the foreground with deploy/nginx.conf in front of two nodes (`host:port` each). */
export async function startNginx(nodes: readonly [string, string]): Promise<RunningProcess> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'durak-nginx-'));
  const conf = join(dir, 'nginx.conf');
  writeFileSync(conf, nginxConfigFor(readFileSync(deployNginxConf, 'utf8'), { listen: `127.0.0.1:${port}`, nodes, dir }));
  // Its logs go to a file: the conf logs to /dev/stdout (the container's log in compose), which
  // cannot be reopened when it is the socket node's 'pipe' stdio really is.
  const logPath = join(dir, 'output.log');
  const log = openSync(logPath, 'a');
  const child = spawn(nginxPath, ['-p', dir, '-c', conf, '-g', `daemon off; pid ${join(dir, 'nginx.pid')};`], {
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  return supervised(child, `http://127.0.0.1:${port}`, () => readFileSync(logPath, 'utf8').slice(-20_000), dir);
}
