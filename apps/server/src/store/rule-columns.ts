import { boolean, smallint, text } from 'drizzle-orm/pg-core';

/**
 * The rule columns a room holds for its game and a tournament holds for all its tables, named as
 * the API names the options. A function, since every table needs column builders of its own.
 */
export function ruleColumns() {
  return {
    deckSize: smallint('deck_size').notNull(),
    isSpeedMode: boolean('is_speed_mode').notNull(),
    isTransferAllowed: boolean('is_transfer_allowed').notNull(),
    isCheatingAllowed: boolean('is_cheating_allowed').notNull(),
    isDrawAllowed: boolean('is_draw_allowed').notNull(),
    isDeathMatchAllowed: boolean('is_death_match_allowed').notNull(),
    isClassicModeAllowed: boolean('is_classic_mode_allowed').notNull(),
    cardTransferPermission: text('card_transfer_permission').notNull(),
    secretTrumpMode: boolean('secret_trump_mode').notNull(),
  };
}
