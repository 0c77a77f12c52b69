/**
 * The mini-app start parameter (SPEC §2, DESIGN §11): pairs split on '-', each pair's key and
 * value split on '=' or '_' (Telegram allows only A-Za-z0-9_- so `pr_123` is the usual form).
 */
export function parseStartParam(raw: string | null | undefined): Record<string, string> {
  const pairs: Record<string, string> = {};
  if (!raw) return pairs;
  for (const pair of raw.split('-')) {
    const match = /^([^=_]+)[=_](.*)$/.exec(pair);
    if (match?.[1] && match[2] !== undefined && match[2] !== '') pairs[match[1]] = match[2];
  }
  return pairs;
}

/** Key `pr` holds the parent (referrer) user id; anything but a positive integer is ignored. */
export function parentFromStartParam(raw: string | null | undefined): number | undefined {
  const value = parseStartParam(raw).pr;
  if (value === undefined || !/^\d{1,15}$/.test(value)) return undefined;
  const parent = Number(value);
  return parent > 0 ? parent : undefined;
}

/** Key `room` opens that table (FEATURES.md §11, "invite to my table"): `room_<id>`, a positive integer. */
export function roomFromStartParam(raw: string | null | undefined): number | undefined {
  const value = parseStartParam(raw).room;
  if (value === undefined || !/^\d{1,15}$/.test(value)) return undefined;
  const room = Number(value);
  return room > 0 ? room : undefined;
}

/**
 * Key `replay` opens a finished game's replay at a step (FEATURES.md §14): `replay_<id>_<step>`
 * (the step may be left out: the deal). Anything else is ignored.
 */
export function replayFromStartParam(raw: string | null | undefined): { roomId: number; step: number } | undefined {
  const value = parseStartParam(raw).replay;
  const match = value === undefined ? null : /^(\d{1,15})(?:_(\d{1,5}))?$/.exec(value);
  if (!match) return undefined;
  const roomId = Number(match[1]);
  return roomId > 0 ? { roomId, step: Number(match[2] ?? 0) } : undefined;
}
