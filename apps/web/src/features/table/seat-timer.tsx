import { useEffect, useState } from 'react';
import type { TimerPayload } from '@durak/protocol';

/** SPEC §9: the seat timer ticks every 500 ms. */
export const TIMER_TICK_MS = 500;

/** The share of the turn left, 0..1, at `now`. */
export function timeLeft(timer: TimerPayload, now: number): { fraction: number; seconds: number } {
  const start = Date.parse(timer.timer_response.created_at);
  const end = Date.parse(timer.timer_response.expired_at);
  const total = Math.max(1, end - start);
  const left = Math.max(0, end - now);
  return { fraction: Math.min(1, left / total), seconds: Math.ceil(left / 1000) };
}

/** A ring around the avatar that empties as the turn runs out; red for the attacker, blue while the time bank runs. */
export function SeatTimer({
  timer,
  isAttacker,
  isBank = false,
  size,
}: {
  timer: TimerPayload;
  isAttacker: boolean;
  isBank?: boolean;
  size: number;
}) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), TIMER_TICK_MS);
    return () => clearInterval(id);
  }, []);
  const { fraction, seconds } = timeLeft(timer, now);
  const radius = size / 2 - 2;
  const length = 2 * Math.PI * radius;
  return (
    <>
      <svg
        className={`seat-timer${isAttacker ? ' seat-timer-attacker' : ''}${isBank ? ' seat-timer-bank' : ''}`}
        width={size}
        height={size}
        viewBox={`0 0 ${size} ${size}`}
        aria-hidden="true"
        data-testid="seat-timer"
      >
        <circle cx={size / 2} cy={size / 2} r={radius} className="seat-timer-track" />
        <circle
          cx={size / 2}
          cy={size / 2}
          r={radius}
          className="seat-timer-left"
          strokeDasharray={length}
          strokeDashoffset={length * (1 - fraction)}
          transform={`rotate(-90 ${size / 2} ${size / 2})`}
        />
      </svg>
      <span className={`seat-seconds${isAttacker ? ' seat-seconds-attacker' : ''}`}>{seconds}</span>
    </>
  );
}
