import type { Suit } from '@durak/engine';
import { cardName } from '../cards/card-name';
import type { Refusal } from './play-logic';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** What the table's live region says when a card that may not be played is tapped. */
export function refusalText(t: Translate, refused: Refusal, trump: Suit | null): string {
  const target = refused.reason === 'does_not_beat' ? cardName(t, refused.target, trump) : '';
  return t(`reason.${refused.reason}`, { target });
}
