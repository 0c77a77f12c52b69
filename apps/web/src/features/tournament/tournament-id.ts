import { routeId } from '../../routes/route-id';

/** Reads /tournament/{id}: a positive whole id, or `current`; anything else is not a tournament. */
export function parseTournamentId(raw: string | undefined): number | 'current' | null {
  return raw === 'current' ? 'current' : routeId(raw);
}
