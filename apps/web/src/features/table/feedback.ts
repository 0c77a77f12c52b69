import type { SoundName } from '../../device/sound-names';
import type { RoomMessage } from '@durak/protocol';

export interface Cue {
  sound?: SoundName;
  vibration?: string;
}

const pick = <T extends string>(options: readonly T[], n: number): T => options[Math.abs(n) % options.length]!;

/**
 * SPEC §9 sounds and vibration for the game's events: deal, play, beat, take, discard, the
 * caller's turn, victory and defeat. `n` varies the sample so repeated plays do not sound canned.
 */
export function cueFor(event: RoomMessage, me: string, n: number): Cue {
  const isMine = 'player' in event && event.player === me;
  switch (event.type) {
    case 'dealt':
    case 'game_started':
      return { sound: pick(['dealShort1', 'dealShort2', 'dealShort3'] as const, n) };
    case 'drawn':
      return isMine ? { sound: pick(['dealShort1', 'dealShort2', 'dealShort3'] as const, n) } : {};
    case 'played':
    case 'transferred':
      return { sound: pick(['throw-beat1', 'throw-beat2', 'throw-beat3'] as const, n), ...(isMine ? {} : { vibration: 'short' }) };
    case 'beaten':
      return { sound: pick(['throw-beat1', 'throw-beat2', 'throw-beat3'] as const, n) };
    case 'taken':
      return { sound: pick(['take1', 'take2', 'take3'] as const, n), ...(isMine ? { vibration: 'medium' } : {}) };
    case 'discarded':
      return { sound: pick(['tableToDiscard1', 'tableToDiscard2', 'tableToDiscard3'] as const, n) };
    case 'caught':
      return { sound: 'bubbleTake1', vibration: 'warning' };
    case 'emoji':
      return { sound: 'newMsg' };
    default:
      return {};
  }
}

/** The caller's own end of the game. */
export function endCue(result: string | null | undefined): Cue {
  if (result === 'victory') return { sound: 'victory', vibration: 'success' };
  if (result === 'defeat') return { sound: 'defeat', vibration: 'error' };
  return {};
}

export const YOUR_TURN_CUE: Cue = { sound: 'timeToAct', vibration: 'doubleShort' };
