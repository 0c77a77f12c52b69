// A worker thread of bot-thinker.ts: makes `hard` decisions off the server's event loop.
import { parentPort } from 'node:worker_threads';
import type { BotRequest } from '../room-core/room-seams.js';
import { botMove } from './bot-move.js';

parentPort!.on('message', ({ id, request }: { id: number; request: BotRequest }) => {
  try {
    parentPort!.postMessage({ id, action: botMove(request.view, request.level, request.seed) });
  } catch (error) {
    parentPort!.postMessage({ id, error: String(error) });
  }
});
