import { cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { emojiLook } from './emoji-glyphs';
import { SeatView } from './seat-view';
import { bubbleName } from './use-emoji-bubbles';

const i18n = i18next.createInstance();
beforeAll(async () => {
  const game = JSON.parse(readFileSync(join(import.meta.dirname, '../../../public/locales/ru/game.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  await i18n.use(initReactI18next).init({ lng: 'ru', resources: { ru: { game } }, interpolation: { escapeValue: false } });
});
afterEach(cleanup);

const CATALOGUE = [
  'smile',
  'laugh',
  'heart',
  'cool',
  'thinking',
  'cry',
  'angry',
  'thumbs_up',
  'tomato',
  'egg',
  'poop',
  'flowers',
  'beer',
  'kiss',
];

describe('emoji pictures', () => {
  it('gives every catalogue emoji its own picture file, none the fallback face', () => {
    const fallback = emojiLook('no-such-emoji');
    const sources = CATALOGUE.map((name) => emojiLook(name));
    for (const look of sources) expect('src' in look && /1f[0-9a-f]+\.svg|2764\.svg/.test(look.src)).toBe(true);
    expect(new Set(sources.map((l) => ('src' in l ? l.src : ''))).size).toBe(CATALOGUE.length);
    expect(sources).not.toContainEqual(fallback);
  });

  it('draws an unknown emoji character as text and an unknown word as the neutral face', () => {
    expect(emojiLook('🦄')).toEqual({ text: '🦄' });
    expect('src' in emojiLook('unicorn')).toBe(true);
  });

  it('reads the name back from a bubble key, colons in the name included', () => {
    expect(bubbleName('thumbs_up:12')).toBe('thumbs_up');
    expect(bubbleName('a:b:3')).toBe('a:b');
  });

  it('shows a thrown emoji over the seat as a picture named in the player language', () => {
    render(
      <I18nextProvider i18n={i18n}>
        <SeatView
          seat={{
            position: 1,
            player: { player_id: '7', username: 'Ann' },
            avatar: null,
            country: null,
            card_count: 3,
            is_ready: false,
            is_connected: true,
            is_bot: false,
            stand_in: false,
            result: null,
            amount: null,
            result_reason: null,
            time_bank_ms: 0,
          }}
          isAttacker={false}
          isDefender={false}
          isPlaying
          roundStatus={undefined}
          timer={undefined}
          isMe={false}
          emoji="tomato:4"
          onTap={() => undefined}
        />
      </I18nextProvider>,
    );
    const img = screen.getByTestId('seat-emoji').querySelector('img');
    expect(img?.getAttribute('src')).toBe((emojiLook('tomato') as { src: string }).src);
    expect(img?.getAttribute('alt')).toBe(i18n.t('game:emoji.name.tomato'));
    expect(img?.getAttribute('alt')).not.toBe('tomato');
  });
});
