import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

const http = vi.hoisted(() => ({ get: vi.fn() }));
vi.mock('./http', () => ({ http }));
const { loadFlags, useFeatureFlag } = await import('./flags');

describe('feature flags', () => {
  it('are off until read, then follow GET /api/flags, read once', async () => {
    http.get.mockResolvedValue({ data: { flags: { table_chat: true, voice_chat: false } } });
    const chat = renderHook(() => useFeatureFlag('table_chat'));
    const voice = renderHook(() => useFeatureFlag('voice_chat'));
    expect(chat.result.current).toBe(false);
    await act(() => loadFlags());
    await act(() => loadFlags());
    expect(http.get).toHaveBeenCalledTimes(1);
    expect(http.get).toHaveBeenCalledWith('/flags');
    expect(chat.result.current).toBe(true);
    expect(voice.result.current).toBe(false);
    expect(renderHook(() => useFeatureFlag('unknown')).result.current).toBe(false);
  });
});
