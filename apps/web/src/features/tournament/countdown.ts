/** The time left until a moment, split for display; never negative. */
export interface TimeLeft {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  isOver: boolean;
}

export function timeLeft(untilMs: number, nowMs: number): TimeLeft {
  // Whole seconds rounded up: "00:01" shows until the very moment, never "00:00" a second early.
  const total = Math.max(0, Math.ceil((untilMs - nowMs) / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
    isOver: total === 0,
  };
}

const two = (n: number) => String(n).padStart(2, '0');

/**
 * "mm:ss" under an hour, "h:mm:ss" under a day, then "{days} h:mm:ss" with the days word given
 * by the page's language (`dayLabel(3)` -> "3 d").
 */
export function formatCountdown(left: TimeLeft, dayLabel: (days: number) => string): string {
  const clock =
    left.days > 0 || left.hours > 0
      ? `${left.hours}:${two(left.minutes)}:${two(left.seconds)}`
      : `${two(left.minutes)}:${two(left.seconds)}`;
  return left.days > 0 ? `${dayLabel(left.days)} ${clock}` : clock;
}
