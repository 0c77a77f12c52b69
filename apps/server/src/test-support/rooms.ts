/** A plain public room as a client creates it (tests only): 2 players, 36 cards, classic, bet 100. */
export const classicRoom = {
  bet_amount: '100',
  player_count: 2,
  deck_size: 36,
  balance_type: 'BONUS_BALANCE',
  is_speed_mode: false,
  is_transfer_allowed: false,
  is_cheating_allowed: false,
  is_draw_allowed: false,
  is_death_match_allowed: false,
  is_classic_mode_allowed: true,
  card_transfer_permission: 'ALL_PLAYERS',
  secret_trump_mode: false,
} as const;
