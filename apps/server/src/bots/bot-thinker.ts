import { Worker } from 'node:worker_threads';
import type { Action } from '@durak/engine';
import type { BotDecisions, BotRequest } from '../room-core/room-seams.js';
import { botMove } from './bot-move.js';

/**
 * Makes the `hard` bot's decisions (the stand-in's, a hard practice bot's) in a worker thread. A
 * decision searches for 20 ms at the median and up to 150 ms; on the event loop that is a stall of
 * every table of the node, and on PGlite of its one connection too. The sweeper asks here outside
 * any transaction, then runs the step again, which finds the decision made (`take`).
 */
export interface BotThinker extends BotDecisions {
  /** Stops the worker; later decisions are made on the calling thread. */
  close(): Promise<void>;
}

export interface BotThinkerOptions {
  /** Told when the worker fails; the decision is then made on the calling thread. */
  readonly logError: (error: unknown) => void;
}

// Decisions not taken (another node played the room, a player moved first) are dropped, oldest first.
const KEPT_DECISIONS = 256;

/** Built, the worker loads its own JavaScript; under the tests it loads the TypeScript sources through tsx. */
function startWorker(): Worker {
  const isSource = import.meta.url.endsWith('.ts');
  if (!isSource) return new Worker(new URL('./bot-worker.js', import.meta.url));
  const entry = new URL('./bot-worker.ts', import.meta.url).href;
  const boot = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(entry)}); })`;
  return new Worker(boot, { eval: true, execArgv: ['--conditions=source'] });
}

export function createBotThinker(options: BotThinkerOptions): BotThinker {
  const made = new Map<string, Action | null>();
  const pending = new Map<number, { resolve: (action: Action | null) => void; reject: (error: Error) => void }>();
  let worker: Worker | undefined;
  let nextId = 0;
  let isClosed = false;

  function keep(seed: string, action: Action | null): void {
    made.set(seed, action);
    if (made.size > KEPT_DECISIONS) made.delete(made.keys().next().value!);
  }

  function failAll(error: Error): void {
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
  }

  function running(): Worker {
    if (worker) return worker;
    const started = startWorker();
    // It never holds the process open: a node that is done exits.
    started.unref();
    started.on('message', ({ id, action, error }: { id: number; action?: Action | null; error?: string }) => {
      const waiting = pending.get(id);
      pending.delete(id);
      if (error !== undefined) waiting?.reject(new Error(error));
      else waiting?.resolve(action ?? null);
    });
    started.on('error', (error) => {
      worker = undefined;
      failAll(error);
    });
    started.on('exit', (code) => {
      if (worker === started) worker = undefined;
      failAll(new Error(`the bot worker exited (${code})`));
    });
    worker = started;
    return started;
  }

  function inWorker(request: BotRequest): Promise<Action | null> {
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      running().postMessage({ id, request });
    });
  }

  return {
    take(seed) {
      const action = made.get(seed);
      made.delete(seed);
      return action;
    },
    async think(request) {
      if (made.has(request.seed)) return;
      let action: Action | null;
      try {
        if (isClosed) throw new Error('the bot thinker is closed');
        action = await inWorker(request);
      } catch (error) {
        if (!isClosed) options.logError(error);
        action = botMove(request.view, request.level, request.seed);
      }
      keep(request.seed, action);
    },
    async close() {
      isClosed = true;
      const stopping = worker;
      worker = undefined;
      await stopping?.terminate();
    },
  };
}
