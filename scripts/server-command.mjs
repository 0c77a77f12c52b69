// How the server process starts, everywhere it runs: `npm start` (scripts/start.mjs), the image's
// CMD (the Dockerfile, checked against this by scripts/server-command.test.ts), the cluster test's
// nodes and the benches. Relative to the repository's root.
//
// `--max-semi-space-size=64`: V8's young generation may grow to 64 MB a semi-space (Node 20's
// default is 16). A move allocates its request, rows, state and publications, nearly all dead by
// the next one; with the default, the young generation filled every few dozen moves and its
// collections took 0.125 ms of every move's 1.09 ms of CPU on PostgreSQL (bench/rooms.mjs, 3
// rounds); at 64 MB, 0.038 ms, and the CPU per move fell to 0.88 ms (bench/rooms-history.md). The price is
// memory: the young generation (three semi-spaces' worth) may take 144 MB more, under load only.
export const serverNodeFlags = ['--max-semi-space-size=64'];
export const serverEntry = 'apps/server/dist/main.js';
export const serverArgs = [...serverNodeFlags, serverEntry];
