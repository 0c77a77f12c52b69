/**
 * What the node did, counted where it happens: the figures `bench/rooms.mjs` divides by the moves
 * it made (statements, Redis calls and bytes, socket writes and bytes per move). Plain numbers in
 * one object, so counting costs an addition; read only by the bench's route (BENCH_COUNTERS=1).
 */
export const workCounters = {
  /** SQL statements sent to the database, BEGIN and COMMIT included. */
  statements: 0,
  /** Waits for the database: a statement sent while none is unanswered on its connection (PGlite: every call). */
  roundTrips: 0,
  /** Commands sent to Redis by the broker and the rate windows (a script call is one). */
  redisCalls: 0,
  /** Bytes of those commands' arguments (what went up to Redis, roughly). */
  redisBytesUp: 0,
  /** WebSocket frames written to clients, and their bytes. */
  socketWrites: 0,
  socketBytes: 0,
  /** Jobs run by the background lanes (presence changes), and how many wait now (not a count: a gauge). */
  backgroundJobs: 0,
  backgroundWaiting: 0,
};

interface CountableRedis {
  sendCommand(command: { args: unknown[] }, ...rest: unknown[]): unknown;
}

/** Counts every command this ioredis connection sends (scripts, publishes, reads) into `workCounters`. */
export function countRedisCommands<T extends CountableRedis>(redis: T): T {
  const send = redis.sendCommand.bind(redis);
  redis.sendCommand = (command, ...rest) => {
    workCounters.redisCalls++;
    for (const arg of command.args)
      workCounters.redisBytesUp += typeof arg === 'string' || Buffer.isBuffer(arg) ? arg.length : String(arg).length;
    return send(command, ...rest);
  };
  return redis;
}
