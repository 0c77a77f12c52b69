import { describe, expect, it } from 'vitest';
import { replayFromStartParam } from '../../device/start-param';
import { replayPath, replayShareLink } from './replay-links';

const names = { bot: 'durak_bot', app: 'play' };

describe('replay links', () => {
  it('the page opens at a step and from a seat', () => {
    expect(replayPath(12)).toBe('/replay/12');
    expect(replayPath(12, 40)).toBe('/replay/12?step=40');
    expect(replayPath(12, 40, '7')).toBe('/replay/12?step=40&seat=7');
  });

  it('inside Telegram a share carries startapp=replay_<id>_<step>; elsewhere the site link', () => {
    expect(replayShareLink(12, 40, true, 'https://durak.example', names)).toBe('https://t.me/durak_bot/play?startapp=replay_12_40');
    expect(replayShareLink(12, 40, false, 'https://durak.example', names)).toBe('https://durak.example/replay/12?step=40');
    // A build without the bot's names has no Telegram link to give: the site's.
    expect(replayShareLink(12, 3, true, 'https://durak.example', { bot: undefined, app: undefined })).toBe(
      'https://durak.example/replay/12?step=3',
    );
  });

  it('the start parameter a share carries opens that replay at that step, and nothing else', () => {
    expect(replayFromStartParam('replay_12_40')).toEqual({ roomId: 12, step: 40 });
    expect(replayFromStartParam('replay_12')).toEqual({ roomId: 12, step: 0 });
    expect(replayFromStartParam('pr_5-replay_9_2')).toEqual({ roomId: 9, step: 2 });
    for (const bad of ['replay_0_1', 'replay_x_1', 'replay_12_-1', 'room_12', '', undefined])
      expect(replayFromStartParam(bad)).toBeUndefined();
  });
});
