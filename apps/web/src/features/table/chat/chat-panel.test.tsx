import type { ChatMessage } from '@durak/protocol';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ChatPanel } from './chat-panel';
import { mergeMessages, type TableChatState } from './use-table-chat';

const i18n = i18next.createInstance();
beforeAll(async () => {
  const game = JSON.parse(readFileSync(join(import.meta.dirname, '../../../../public/locales/ru/game.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  await i18n.use(initReactI18next).init({ lng: 'ru', resources: { ru: { game } }, interpolation: { escapeValue: false } });
});
afterEach(cleanup);

const line = (id: number, user_id: number, body: { phrase_id: ChatMessage['phrase_id'] } | { text: string }): ChatMessage => ({
  id,
  from: { user_id, username: user_id === 1 ? 'ann' : 'bob' },
  ...body,
  at: '2026-01-01T00:00:00.000Z',
});

function chatState(messages: ChatMessage[], muted: number[] = []): TableChatState {
  return {
    messages: messages.filter((m) => !muted.includes(m.from.user_id)),
    allMessages: messages,
    bubbles: {},
    muted: new Set(muted),
    receive: vi.fn(),
    toggleMute: vi.fn(),
    refresh: vi.fn(),
    openedAt: 0,
    password: () => undefined,
  } as unknown as TableChatState;
}

function show(chat: TableChatState, canWrite: boolean) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <I18nextProvider i18n={i18n}>
        <ChatPanel
          roomId="7"
          me="1"
          canWrite={canWrite}
          chat={chat}
          players={[
            { user_id: 1, username: 'ann' },
            { user_id: 2, username: 'bob' },
          ]}
          onClose={() => {}}
        />
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

describe('the chat panel', () => {
  it('shows a phrase in the reader’s language and a text as written, with “you” for one’s own lines', () => {
    show(chatState([line(1, 2, { phrase_id: 'good_luck' }), line(2, 1, { text: 'и тебе' })]), true);
    expect(screen.getAllByTestId('chat-line').map((l) => l.textContent)).toEqual(['bobУдачи!⋯', 'Выи тебе']);
    expect(screen.getByTestId('chat-input')).toBeTruthy();
  });

  it('a spectator reads but has no text field', () => {
    show(chatState([line(1, 2, { text: 'привет' })]), false);
    expect(screen.queryByTestId('chat-input')).toBeNull();
    expect(screen.getByTestId('chat-panel').textContent).toContain('Зрители читают чат');
  });

  it('a silent player at the table can be muted from the players row', () => {
    const chat = chatState([]);
    show(chat, true);
    fireEvent.click(screen.getByTestId('chat-player'));
    fireEvent.click(screen.getByTestId('chat-mute'));
    expect(chat.toggleMute).toHaveBeenCalledWith(2);
  });

  it('a muted player’s lines are hidden and the player can be shown again', () => {
    const chat = chatState([line(1, 2, { text: 'шум' }), line(2, 1, { text: 'тишина' })], [2]);
    show(chat, true);
    expect(screen.getAllByTestId('chat-line')).toHaveLength(1);
    fireEvent.click(screen.getByTestId('chat-unmute'));
    expect(chat.toggleMute).toHaveBeenCalledWith(2);
  });
});

describe('mergeMessages', () => {
  it('keeps each message once, oldest first, at most the last 50', () => {
    const history = Array.from({ length: 50 }, (_, i) => line(i + 1, 1, { text: `h${i + 1}` }));
    const merged = mergeMessages(history, [line(50, 1, { text: 'h50' }), line(51, 2, { text: 'live' })]);
    expect(merged).toHaveLength(50);
    expect(merged[0]!.id).toBe(2);
    expect(merged.at(-1)!.text).toBe('live');
  });
});
