import { describe, expect, it, vi } from 'vitest';

const activeAssets = vi.hoisted(() => vi.fn());
vi.mock('./api', () => ({ api: { activeAssets } }));
const { cardBackQuery, createQueryClient, DEFAULT_CARD_BACK } = await import('./query-client');

describe('data-fetching defaults', () => {
  it('does not retry or refetch on window focus by default', () => {
    const defaults = createQueryClient().getDefaultOptions().queries;
    expect(defaults).toMatchObject({ retry: false, refetchOnWindowFocus: false });
  });

  it('fetches the card back with 2 retries and then keeps it forever', async () => {
    activeAssets
      .mockRejectedValueOnce(new Error('502'))
      .mockRejectedValueOnce(new Error('502'))
      .mockResolvedValue({
        assets_dict: {
          1: [
            { type: 'TABLE', url: '/t.webp' },
            { type: 'CARD_BACK', url: '/backs/gold.svg' },
          ],
        },
      });
    const client = createQueryClient();
    await expect(client.fetchQuery({ ...cardBackQuery, retryDelay: 0 })).resolves.toBe('/backs/gold.svg');
    expect(activeAssets).toHaveBeenCalledTimes(3);
    await client.fetchQuery(cardBackQuery);
    expect(activeAssets).toHaveBeenCalledTimes(3);
  });

  it('falls back to the default card back when the user has none', async () => {
    activeAssets.mockReset().mockResolvedValue({ assets_dict: {} });
    await expect(createQueryClient().fetchQuery(cardBackQuery)).resolves.toBe(DEFAULT_CARD_BACK);
  });
});
