/** Reads /tournament/{id}: a positive whole id, or `current`; anything else is not a tournament. */
export function parseTournamentId(raw: string | undefined): number | 'current' | null {
  if (raw === 'current') return 'current';
  if (!raw || !/^\d{1,15}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 && Number.isSafeInteger(id) ? id : null;
}
