import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import BanditPage from './index';

const preloadSounds = vi.hoisted(() => vi.fn(async (_group: string) => ({ failed: [] })));
vi.mock('../../device/sound-player', () => ({ preloadSounds }));

describe('the slot machine page', () => {
  it('downloads the slot machine sounds when it opens', async () => {
    expect(preloadSounds).not.toHaveBeenCalled();
    render(
      <MemoryRouter>
        <BanditPage />
      </MemoryRouter>,
    );
    await vi.waitFor(() => expect(preloadSounds).toHaveBeenCalledWith('slot'));
  });
});
