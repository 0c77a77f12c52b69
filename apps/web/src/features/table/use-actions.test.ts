import { act, renderHook } from '@testing-library/react';
import { AxiosError, AxiosHeaders, type AxiosResponse } from 'axios';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const post = vi.hoisted(() => vi.fn());
const sounds = vi.hoisted(() => ({ played: [] as string[], buzzes: [] as string[] }));
vi.mock('../../net/http', () => ({ http: { post, get: vi.fn() } }));
vi.mock('../../device/sound-player', () => ({ playSound: (name: string) => sounds.played.push(name) }));
vi.mock('../../device/vibrate', () => ({ vibrate: (name: string) => sounds.buzzes.push(name) }));

const { useActions } = await import('./use-actions');

const six = { suit: 'hearts', rank: '6' } as const;
type Actions = ReturnType<typeof useActions>;

function refusal(status: number, code: string): AxiosError {
  const response = {
    status,
    data: { error: { code, message: code } },
    statusText: '',
    headers: {},
    config: { headers: new AxiosHeaders() },
  } as AxiosResponse;
  return new AxiosError(code, 'ERR_BAD_REQUEST', undefined, undefined, response);
}

function setUp(seq: number | undefined) {
  const readAll = vi.fn(async () => undefined);
  const onPlayed = vi.fn();
  const { result } = renderHook(() => useActions('42', onPlayed, readAll, () => seq));
  return { result, readAll, onPlayed };
}

beforeEach(() => {
  post.mockReset().mockResolvedValue({ data: { seq: 8 } });
  sounds.played = [];
  sounds.buzzes = [];
});

describe('every move names the seq of the table the player saw', () => {
  it.each([
    ['attack', (a: Actions) => a.attack(six), 'attack', { cards: [six], seq: 7 }],
    ['defence', (a: Actions) => a.defend(2, six), 'defence', { slot_id: 2, card: six, seq: 7 }],
    ['transfer', (a: Actions) => a.transfer(six), 'transfer', { card: six, seq: 7 }],
    ['beat', (a: Actions) => a.beat(), 'beat', { seq: 7 }],
    ['take', (a: Actions) => a.take(), 'take', { seq: 7 }],
    ['catch', (a: Actions) => a.catchCard(3), 'catch', { slot_id: 3, seq: 7 }],
    ['surrender', (a: Actions) => a.surrender(), 'surrender', { seq: 7 }],
  ])('%s sends seq 7', async (_name, call, path, body) => {
    const { result } = setUp(7);
    await act(async () => void (await call(result.current)));
    expect(post).toHaveBeenCalledWith(`/v1/rooms/42/${path}`, body);
  });

  it('sends no seq before the table has one, and none for seat, ready and leave', async () => {
    const { result } = setUp(undefined);
    await act(async () => void (await result.current.attack(six)));
    expect(post).toHaveBeenLastCalledWith('/v1/rooms/42/attack', { cards: [six] });
    const seated = setUp(7).result;
    await act(async () => void (await seated.current.ready()));
    await act(async () => void (await seated.current.leave()));
    expect(post).toHaveBeenCalledWith('/v1/rooms/42/ready', {});
    expect(post).toHaveBeenLastCalledWith('/v1/rooms/42/leave', {});
  });
});

describe('a move made against a table that changed meanwhile', () => {
  it('quietly re-reads the table: no error shown, no error sound or buzz', async () => {
    post.mockRejectedValueOnce(refusal(409, 'rule/stale_seq'));
    const { result, readAll } = setUp(7);
    let isDone: boolean | undefined;
    await act(async () => {
      isDone = await result.current.attack(six);
    });
    expect(isDone).toBe(false);
    expect(readAll).toHaveBeenCalledTimes(1);
    expect(result.current.failure).toBeNull();
    expect(result.current.pending).toBeNull();
    expect(sounds.buzzes).toEqual([]);
    expect(sounds.played).toEqual([]);
  });

  it('a move the rules refuse still shows its error and buzzes, and re-reads too', async () => {
    post.mockRejectedValueOnce(refusal(422, 'rule/not_your_turn'));
    const { result, readAll } = setUp(7);
    await act(async () => void (await result.current.attack(six)));
    expect(result.current.failure?.code).toBe('rule/not_your_turn');
    expect(readAll).toHaveBeenCalledTimes(1);
    expect(sounds.buzzes).toEqual(['error']);
  });
});

describe('an emoji the server refuses', () => {
  it('shows the server’s error in the table’s toast, quietly: no sound, no buzz, no re-read', async () => {
    post.mockRejectedValueOnce(refusal(429, 'request/rate_limited'));
    const { result, readAll } = setUp(7);
    let isSent: boolean | undefined;
    await act(async () => {
      isSent = await result.current.sendEmoji({ player_id: '9', username: 'boris' }, 3);
    });
    expect(post).toHaveBeenCalledWith('/v1/send-emoji/42/', { recipient: { player_id: '9', username: 'boris' }, emoji: 3 });
    expect(isSent).toBe(false);
    expect(result.current.failure).toMatchObject({ code: 'request/rate_limited', message: 'request/rate_limited' });
    expect(sounds.played).toEqual([]);
    expect(sounds.buzzes).toEqual([]);
    expect(readAll).not.toHaveBeenCalled();
  });

  it('a sent emoji shows nothing', async () => {
    const { result } = setUp(7);
    await act(async () => void (await result.current.sendEmoji({ player_id: '9', username: 'boris' }, 3)));
    expect(result.current.failure).toBeNull();
  });
});
