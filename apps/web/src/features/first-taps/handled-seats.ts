/**
 * The tournament tables this device already took the player to (or they chose to stay away
 * from): a seat is offered once, not on every later load while its game runs.
 */
const KEY = 'durak.handledSeats';
const KEEP = 20;

function read(): number[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((n): n is number => typeof n === 'number') : [];
  } catch {
    return [];
  }
}

export function isHandled(roomId: number): boolean {
  return read().includes(roomId);
}

export function markHandled(roomId: number): void {
  try {
    localStorage.setItem(KEY, JSON.stringify([...read().filter((n) => n !== roomId), roomId].slice(-KEEP)));
  } catch {
    // Storage refused (private mode): the seat may be offered again, which is harmless.
  }
}
