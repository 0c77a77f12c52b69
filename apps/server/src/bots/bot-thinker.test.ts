import * as engine from '@durak/engine';
import { DEFAULT_OPTIONS, applyAction, awaited, createGame, legalActions, viewFor, type GameState, type GameView } from '@durak/engine';
import { roomActionPath, type RoomPayload } from '@durak/protocol';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { actionBody, createClock, newPlayer, rng } from '../rooms/test-support.js';
import { startRoomsServer, type RoomsServer } from '../test-support/rooms-server.js';
import { request } from '../test-support/http.js';
import { botMove, ThinkFirst } from './bot-move.js';
import { createBotThinker, type BotThinker } from './bot-thinker.js';

// The engine as the server uses it, with its bot's hard searches on this thread counted.
const counted = vi.hoisted(() => ({ hardSearches: 0 }));
vi.mock('@durak/engine', async (original) => {
  const actual = await original<typeof import('@durak/engine')>();
  const chooseAction = (...args: Parameters<typeof actual.chooseAction>) => {
    const second = args[1] as { level?: string } | readonly unknown[];
    if (!Array.isArray(second) && (second as { level?: string }).level === 'hard') counted.hardSearches++;
    return (actual.chooseAction as (...a: unknown[]) => ReturnType<typeof actual.chooseAction>)(...args);
  };
  return { ...actual, chooseAction };
});
const searchesHere = () => counted.hardSearches;

/** The views of the awaited players along one game, every few moves. */
function viewsOfAGame(count: number): GameView[] {
  const created = createGame({ ...DEFAULT_OPTIONS, player_count: 2 }, ['1', '2'], { seed: 'thinker-test' });
  if (!created.ok) throw new Error(created.error.code);
  let state: GameState = created.state;
  const views: GameView[] = [];
  const random = rng(5);
  for (let step = 0; views.length < count && state.phase !== 'finished'; step++) {
    const player = awaited(state).players[0]!;
    const view = viewFor(state, player);
    if (step % 3 === 0) views.push(view);
    const action = engine.chooseAction(view, legalActions(state, player), random)!;
    const applied = applyAction(state, action);
    if (!applied.ok) throw new Error(applied.error.code);
    state = applied.state;
  }
  return views;
}

describe('the bot thinker', () => {
  let thinker: BotThinker;
  const errors: unknown[] = [];
  beforeAll(() => {
    thinker = createBotThinker({ logError: (error) => errors.push(error) });
  });
  afterAll(() => thinker.close());
  beforeEach(() => void (counted.hardSearches = 0));

  it('makes the hard decision in its worker thread, the one the spot would have made, taken once', async () => {
    const views = viewsOfAGame(4);
    const made = [];
    for (const [i, view] of views.entries()) {
      await thinker.think({ view, level: 'hard', seed: `seed-${i}` });
      made.push(thinker.take(`seed-${i}`));
      expect(thinker.take(`seed-${i}`)).toBeUndefined();
    }
    expect(searchesHere()).toBe(0);
    expect(made.every((action) => action !== undefined)).toBe(true);
    expect(made).toEqual(views.map((view, i) => botMove(view, 'hard', `seed-${i}`)));
    expect(errors).toEqual([]);
  });

  it('while it thinks the event loop goes on', async () => {
    const [view] = viewsOfAGame(1);
    let isDone = false;
    const thinking = thinker.think({ view: view!, level: 'hard', seed: 'loop' }).then(() => (isDone = true));
    let turns = 0;
    while (!isDone) {
      await new Promise((resolve) => setImmediate(resolve));
      turns++;
    }
    await thinking;
    // A search on this thread would have resolved in the same turn it began.
    expect(turns).toBeGreaterThan(1);
    expect(searchesHere()).toBe(0);
  });

  it('given decisions ahead, botMove never searches a hard decision on the spot: it asks for it, then finds it', async () => {
    const [view] = viewsOfAGame(1);
    let asked: unknown;
    try {
      botMove(view!, 'hard', 'ahead', thinker);
    } catch (error) {
      asked = error;
    }
    expect(asked).toBeInstanceOf(ThinkFirst);
    await thinker.think((asked as ThinkFirst).request);
    expect(botMove(view!, 'hard', 'ahead', thinker)).toEqual(botMove(view!, 'hard', 'ahead'));
    // The cheap levels decide where they are.
    expect(botMove(view!, 'normal', 'ahead', thinker)).toEqual(botMove(view!, 'normal', 'ahead'));
  });

  it('closed, it decides on the calling thread: nothing is lost', async () => {
    const closed = createBotThinker({ logError: (error) => errors.push(error) });
    await closed.close();
    const [view] = viewsOfAGame(1);
    await closed.think({ view: view!, level: 'hard', seed: 'closed' });
    expect(searchesHere()).toBe(1);
    expect(closed.take('closed')).toEqual(botMove(view!, 'hard', 'closed'));
  });
});

describe('a hard practice table', () => {
  const clock = createClock(Date.parse('2026-11-26T12:00:00Z'));
  let server: RoomsServer;
  beforeAll(async () => {
    server = await startRoomsServer({ clock, rooms: { botDelayMs: { min: 600, max: 600 } } });
  });
  afterAll(async () => server?.close());

  it("its bot plays every move through the sweeper, and searches none of them on the server's event loop", async () => {
    const human = await newPlayer(server.url);
    const created = await request<RoomPayload>(`${server.url}/api/v1/rooms/`, {
      token: human.token,
      body: { bots: 1, bot_level: 'hard', deck_size: 24, balance_type: 'BONUS_BALANCE' },
    });
    expect(created.status).toBe(201);
    const roomId = created.body.id;
    counted.hardSearches = 0;
    const random = rng(11);
    let botMoves = 0;
    for (let i = 0; i < 400; i++) {
      const view = (await request<GameView>(`${server.url}/api/v1/rooms/${roomId}/view`, { token: human.token })).body;
      if (view.status === 'FINISHED') break;
      const choice = engine.chooseAction(view, legalActions(view, String(human.id)), random);
      if (choice) {
        await request(`${server.url}/api/v1/${roomActionPath(roomId, choice.type)}`, {
          token: human.token,
          body: actionBody(choice, view.seq),
        });
        continue;
      }
      clock.advance(600);
      botMoves += await server.module.games.fireDue();
    }
    const final = (await request<GameView>(`${server.url}/api/v1/rooms/${roomId}/view`, { token: human.token })).body;
    expect(final.status).toBe('FINISHED');
    expect(botMoves).toBeGreaterThan(3);
    expect(searchesHere()).toBe(0);
  });
});
