import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from './query-client';

const http = vi.hoisted(() => ({ get: vi.fn() }));
vi.mock('./http', () => ({ http }));
const { flagsQuery, useFeatureFlag } = await import('./flags');

describe('feature flags', () => {
  it('are off until read, then follow GET /api/flags, read once', async () => {
    let answer = (_: unknown) => {};
    http.get.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const client = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const loading = client.prefetchQuery(flagsQuery);
    const chat = renderHook(() => useFeatureFlag('table_chat'), { wrapper });
    const voice = renderHook(() => useFeatureFlag('voice_chat'), { wrapper });
    expect(chat.result.current).toBe(false);
    await act(async () => {
      answer({ data: { flags: { table_chat: true, voice_chat: false } } });
      await loading;
    });
    await act(() => client.prefetchQuery(flagsQuery));
    expect(http.get).toHaveBeenCalledTimes(1);
    expect(http.get).toHaveBeenCalledWith('/flags');
    // The query tells its observers on the next tick (TanStack's notifyManager), not inside act.
    await waitFor(() => expect(chat.result.current).toBe(true));
    expect(voice.result.current).toBe(false);
    expect(renderHook(() => useFeatureFlag('unknown'), { wrapper }).result.current).toBe(false);
    expect(http.get).toHaveBeenCalledTimes(1);
  });

  it('stay off after a failed read, and nothing asks again', async () => {
    http.get.mockReset().mockRejectedValue(new Error('502'));
    const client = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    await act(() => client.prefetchQuery(flagsQuery));
    expect(renderHook(() => useFeatureFlag('table_chat'), { wrapper }).result.current).toBe(false);
    expect(http.get).toHaveBeenCalledTimes(1);
  });
});
