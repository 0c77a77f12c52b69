import { DEFAULT_OPTIONS } from '@durak/engine';

/** A plain public room as a client creates it (tests only): the engine's default rules (2 players, 36 cards, classic), bet 100. */
export const classicRoom = { ...DEFAULT_OPTIONS, bet_amount: '100', balance_type: 'BONUS_BALANCE' } as const;
