import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { aRoom } from '../../test-support/room';
import { TopBar } from './top-bar';

const i18n = i18next.createInstance();
beforeAll(async () => {
  const game = JSON.parse(readFileSync(join(import.meta.dirname, '../../../public/locales/en/game.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  await i18n.use(initReactI18next).init({ lng: 'en', resources: { en: { game } }, interpolation: { escapeValue: false } });
});
afterEach(cleanup);

// FEATURES.md §17: three or more rule icons wrapped the top bar over the top seat; they had no
// legend on a phone, and a private room had no icon.
describe("the table's rule icons", () => {
  it('are one tap target; a tap names the deck and each rule, a private room included', () => {
    const room = aRoom({ deck_size: 36, is_speed_mode: true, is_transfer_allowed: true, is_cheating_allowed: true, is_private: true });
    render(
      <I18nextProvider i18n={i18n}>
        <TopBar room={room} canSurrender={false} onLeave={() => undefined} onSurrender={() => undefined} />
      </I18nextProvider>,
    );
    const rules = screen.getByTestId('table-rules');
    expect(rules.textContent).toBe('36⚡↪✱');
    expect(rules.querySelector('[data-testid="table-rules-lock"]')).not.toBeNull();
    expect(screen.queryByTestId('table-rules-legend')).toBeNull();
    fireEvent.click(rules);
    const legend = [...screen.getByTestId('table-rules-legend').querySelectorAll('li')].map((li) => li.textContent);
    expect(legend).toEqual(['36 cards', '⚡ Speed game', '↪ Transfer', '✱ Cheating', ' Private room']);
  });
});
