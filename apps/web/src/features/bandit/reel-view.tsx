import type { BanditSymbol } from '@durak/protocol';
import { useEffect, useRef, useState } from 'react';
import { windowAt, type ReelTravel } from './reels';
import { SymbolArt } from './symbol-art';

interface ReelViewProps {
  strip: readonly BanditSymbol[];
  /** The stop on the payline while the reel stands. */
  stop: number;
  /** Set while the reel turns towards the server's stop. */
  travel: ReelTravel | null;
  durationMs: number;
  isWinning: boolean;
  onStopped: () => void;
  label: (symbol: BanditSymbol) => string;
}

/**
 * One reel: a column of the strip's stops sliding down behind a three-stop window. A new travel
 * is drawn first at its start (the stop shown now on the line), then slides to the target in
 * one eased transition; a timer of the same length reports the stop, since transitionend does
 * not fire in a hidden tab.
 */
export function ReelView({ strip, stop, travel, durationMs, isWinning, onStopped, label }: ReelViewProps) {
  const [isRunning, setRunning] = useState(false);
  const stopped = useRef(onStopped);
  stopped.current = onStopped;

  useEffect(() => {
    setRunning(false);
    if (!travel) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // Two frames: the first paints the column at its start, the second starts the slide from there.
    const frame = requestAnimationFrame(() => {
      requestAnimationFrame(() => {
        setRunning(true);
        timer = setTimeout(() => stopped.current(), durationMs);
      });
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer) clearTimeout(timer);
    };
  }, [travel, durationMs]);

  const cells = travel ? travel.cells : windowAt(stop, strip.length);
  const offset = travel && !isRunning ? travel.distance : 0;
  return (
    <div
      className={`slot-reel${travel ? ' slot-reel-moving' : ''}${isWinning ? ' slot-reel-winning' : ''}`}
      data-testid="slot-reel"
      data-stop={travel ? undefined : stop}
    >
      <div
        className="slot-column"
        style={{
          transform: `translateY(calc(var(--cell) * ${-offset}))`,
          transition: isRunning ? `transform ${durationMs}ms cubic-bezier(0.15, 0.6, 0.25, 1.04)` : 'none',
        }}
      >
        {cells.map((at, j) => {
          const symbol = strip[at]!;
          const isLine = !travel && j === 1;
          return (
            <div key={j} className={`slot-cell${isLine ? ' slot-cell-line' : ''}`} aria-hidden={!isLine}>
              <SymbolArt symbol={symbol} {...(isLine ? { label: label(symbol) } : {})} />
            </div>
          );
        })}
      </div>
    </div>
  );
}
