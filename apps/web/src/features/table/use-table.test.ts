import { act, renderHook, waitFor } from '@testing-library/react';
import { AxiosError, AxiosHeaders, type AxiosResponse } from 'axios';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const tableApi = vi.hoisted(() => ({ watch: vi.fn(), view: vi.fn() }));
const channels = vi.hoisted(() => ({ calls: [] as { channel: string | null; options: unknown; handler: (data: unknown) => void }[] }));
vi.mock('./table-api', () => ({ tableApi }));
vi.mock('../../net/api', () => ({ api: { me: vi.fn() } }));
vi.mock('../../net/realtime', () => ({
  personalChannel: (id: string) => `#${id}`,
  useChannel: (channel: string | null, handler: (data: unknown) => void, options: unknown = {}) =>
    void channels.calls.push({ channel, options, handler }),
  useRealtimeStore: (select: (state: { state: string }) => unknown) => select({ state: 'connected' }),
}));
vi.mock('../../net/user-query', () => ({ useUserId: () => 5 }));

const { isPasswordQuestion, useTable } = await import('./use-table');

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

const table = (seq: number) => ({
  seq,
  status: 'in_progress',
  room: { id: 9, rematch_room_id: null },
  seats: { '1': { position: 0 }, '2': { position: 1 } },
  round: { slots: [], player_status: {} },
  timers: [],
});
const roomChannelOptions = () => channels.calls.filter((call) => call.channel === 'room:9').at(-1)?.options;

beforeEach(() => {
  for (const fn of Object.values(tableApi)) fn.mockReset();
  channels.calls = [];
});

describe('a private room opened without a seat', () => {
  it('asks for the password, then reads the table and joins its channel with it', async () => {
    tableApi.watch.mockImplementation(async (_id: string, password?: string) => {
      if (password === undefined) throw refusal(403, 'room/password_required');
      if (password !== 'hunter22') throw refusal(403, 'room/wrong_password');
      return table(4);
    });
    const { result } = renderHook(() => useTable('9'));
    await waitFor(() => expect(isPasswordQuestion(result.current.error)).toBe(true));
    expect(result.current.watch).toBeNull();
    expect(roomChannelOptions()).not.toHaveProperty('data');

    let isRight: boolean | undefined;
    await act(async () => {
      isRight = await result.current.watchWithPassword('guess');
    });
    expect(isRight).toBe(false);
    expect(isPasswordQuestion(result.current.error)).toBe(true);

    await act(async () => {
      isRight = await result.current.watchWithPassword('hunter22');
    });
    expect(isRight).toBe(true);
    expect(result.current.watch?.seq).toBe(4);
    expect(tableApi.watch).toHaveBeenLastCalledWith('9', 'hunter22');
    expect(roomChannelOptions()).toMatchObject({ data: { password: 'hunter22' } });

    // Later re-reads (a gap, a reconnect) keep sending it.
    await act(async () => result.current.readAll());
    expect(tableApi.watch).toHaveBeenLastCalledWith('9', 'hunter22');
  });

  it('is not a password question for other failures', () => {
    expect(isPasswordQuestion(refusal(404, 'room/not_found'))).toBe(false);
    expect(isPasswordQuestion(null)).toBe(false);
    expect(isPasswordQuestion(refusal(403, 'room/wrong_password'))).toBe(true);
  });
});

describe('after a refused stale move', () => {
  it('re-reads watch and view and shows the fresh table and hand', async () => {
    const mine = { '5': { position: 0 }, '2': { position: 1 } };
    tableApi.watch.mockResolvedValueOnce({ ...table(4), seats: mine }).mockResolvedValueOnce({ ...table(6), seats: mine });
    tableApi.view.mockResolvedValueOnce({ seq: 4, hand: [{ suit: 'hearts', rank: '6' }] }).mockResolvedValueOnce({ seq: 6, hand: [] });
    const { result } = renderHook(() => useTable('9'));
    await waitFor(() => expect(result.current.watch?.seq).toBe(4));
    expect(result.current.hand).toHaveLength(1);
    await act(async () => result.current.readAll());
    expect(result.current.watch?.seq).toBe(6);
    expect(result.current.hand).toEqual([]);
    expect(tableApi.view).toHaveBeenCalledTimes(2);
  });
});

const mine = { '5': { position: 0 }, '2': { position: 1 } };
const six = ['6', '7', '8', '9', '10', 'J'].map((rank) => ({ suit: 'clubs', rank }));
const pushTo = (channel: string) => (data: object) =>
  act(() =>
    channels.calls
      .filter((call) => call.channel === channel)
      .at(-1)!
      .handler(data),
  );

describe('after a reconnect', () => {
  it('a view older than the fresh read (recovered from the channel history) does not bring back played cards', async () => {
    tableApi.watch.mockResolvedValue({ ...table(8), seats: mine });
    tableApi.view.mockResolvedValue({ seq: 8, hand: six.slice(0, 5) });
    const { result } = renderHook(() => useTable('9'));
    await waitFor(() => expect(result.current.hand).toHaveLength(5));
    const push = pushTo('#5');
    push({ type: 'view', room_id: 9, seq: 6, view: { seq: 6, hand: six } });
    expect(result.current.hand).toHaveLength(5);
    push({ type: 'view', room_id: 9, seq: 9, view: { seq: 9, hand: six.slice(0, 4) } });
    expect(result.current.hand).toHaveLength(4);
  });
});

describe('the hand follows the view pushed after each step', () => {
  const turn = { type: 'turn', room_id: 9, seq: 9, turn: { current_attacker_user_id: '2', current_defender_user_id: '5' }, timers: [] };

  async function seatedAt8() {
    tableApi.watch.mockResolvedValueOnce({ ...table(8), seats: mine }).mockResolvedValue({ ...table(9), seats: mine });
    tableApi.view.mockResolvedValueOnce({ seq: 8, hand: six.slice(0, 5) }).mockResolvedValue({ seq: 9, hand: six.slice(0, 3) });
    const hook = renderHook(() => useTable('9'));
    await act(async () => void (await vi.advanceTimersByTimeAsync(0)));
    expect(hook.result.current.hand).toHaveLength(5);
    return hook;
  }

  it('with no read while the pushed view keeps up', async () => {
    vi.useFakeTimers();
    try {
      const { result } = await seatedAt8();
      pushTo('room:9')(turn);
      pushTo('#5')({ type: 'view', room_id: 9, seq: 9, view: { seq: 9, hand: six.slice(0, 4) } });
      await act(async () => void (await vi.advanceTimersByTimeAsync(1000)));
      expect(result.current.hand).toHaveLength(4);
      expect(tableApi.view).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a step whose view did not come is read again a moment later', async () => {
    vi.useFakeTimers();
    try {
      const { result } = await seatedAt8();
      pushTo('room:9')(turn);
      expect(result.current.watch?.seq).toBe(9);
      await act(async () => void (await vi.advanceTimersByTimeAsync(299)));
      expect(tableApi.view).toHaveBeenCalledTimes(1);
      await act(async () => void (await vi.advanceTimersByTimeAsync(1)));
      expect(tableApi.view).toHaveBeenCalledTimes(2);
      expect(result.current.hand).toHaveLength(3);
    } finally {
      vi.useRealTimers();
    }
  });
});
