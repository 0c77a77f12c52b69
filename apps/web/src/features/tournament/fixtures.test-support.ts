import type { TournamentDetail } from '@durak/protocol';

/** A tournament as the server sends it; override what the test is about. */
export function detail(over: Partial<TournamentDetail> = {}, info: Partial<TournamentDetail['player_info']> = {}): TournamentDetail {
  return {
    id: 1,
    name: 'Cup',
    status: 'registration',
    buy_in: '100',
    balance_type: 'BONUS_BALANCE',
    starts_at: '2026-11-24T12:00:00Z',
    min_players: 2,
    max_players: 8,
    room_size: 4,
    deck_size: 36,
    is_speed_mode: false,
    is_transfer_allowed: false,
    is_cheating_allowed: false,
    is_draw_allowed: false,
    is_death_match_allowed: false,
    is_classic_mode_allowed: true,
    card_transfer_permission: 'ALL_PLAYERS',
    secret_trump_mode: false,
    rebuy_rounds: 0,
    rebuy_price: '0',
    guaranteed_pool: '0',
    fee: '0',
    payout_preset_id: 1,
    is_pinned: false,
    round: 0,
    players_count: 3,
    pool: '300',
    next_round_at: null,
    is_final: false,
    ...over,
    player_info: { is_registered: false, is_eliminated: false, place: null, rebuys: 0, prize: null, room_id: null, bye_round: null, ...info },
  };
}
