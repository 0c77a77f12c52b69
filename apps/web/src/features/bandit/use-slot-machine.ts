import type { PaytableAnswer, SpinAnswer, SpinRequest } from '@durak/protocol';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { playSlotSound } from '../../device/sound-player';
import { toApiFailure, type ApiFailure } from '../../net/api-error';
import { patchUser } from '../../net/user-query';
import { banditApi } from './bandit-api';
import { reelTravel, type ReelMotion, type ReelTravel } from './reels';
import { addSpin, emptyTally, isWinOverStake, type SessionTally } from './session';
import { queryKeys } from '../../net/query-keys';

export type Phase = 'idle' | 'requesting' | 'spinning';

/** The server's BANDIT_MIN_SPIN_MS default: the least time between two spins. */
export const SPIN_SPACING_MS = 2500;

function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function quietly(play: () => void): void {
  try {
    play();
  } catch {
    // A sound that cannot play is not worth interrupting the spin for.
  }
}

/**
 * One spin at a time, no autoplay: a press asks the server, whose answer fixes the stops before
 * any reel moves; the reels then turn along their strips and stop left to right on those stops.
 * Balances, the session tally and the result appear once the last reel has stopped, so the
 * screen never tells the outcome before the reels do.
 */
export function useSlotMachine(paytable: PaytableAnswer, motion: ReelMotion) {
  const queryClient = useQueryClient();
  const [shown, setShown] = useState<number[]>(() => paytable.strips.map(() => 0));
  const [travels, setTravels] = useState<(ReelTravel | null)[]>(() => paytable.strips.map(() => null));
  const [phase, setPhase] = useState<Phase>('idle');
  const [result, setResult] = useState<SpinAnswer | null>(null);
  const [failure, setFailure] = useState<ApiFailure | null>(null);
  const [tally, setTally] = useState<SessionTally>(emptyTally);
  // A spin whose answer never came (timeout, lost connection) is asked again under the same key,
  // so the server answers the spin it may already have made instead of making a second one.
  const unanswered = useRef<SpinRequest | null>(null);
  const answer = useRef<SpinAnswer | null>(null);
  const stoppedReels = useRef(0);
  // One spin at least SPIN_SPACING_MS after the last (FEATURES.md §13; the server refuses sooner
  // ones with bandit/too_fast): the button waits that long after each press.
  const [isCooling, setCooling] = useState(false);
  const coolTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(coolTimer.current), []);

  const spin = useCallback(
    async (bet: number, balanceType: SpinRequest['balance_type']) => {
      if (phase !== 'idle') return;
      setFailure(null);
      setResult(null);
      setPhase('requesting');
      quietly(() => playSlotSound('start'));
      const previous = unanswered.current;
      const request =
        previous && previous.bet === bet && previous.balance_type === balanceType
          ? previous
          : { bet, balance_type: balanceType, idempotency_key: newKey() };
      unanswered.current = request;
      try {
        const spun = await banditApi.spin(request);
        // Counted from the answer: the server measured the last spin when it made it, after the press.
        setCooling(true);
        clearTimeout(coolTimer.current);
        coolTimer.current = setTimeout(() => setCooling(false), SPIN_SPACING_MS);
        unanswered.current = null;
        answer.current = spun;
        stoppedReels.current = 0;
        setTravels(
          spun.stops.map((to, reel) => reelTravel(shown[reel] ?? 0, to, paytable.strips[reel]?.length ?? 1, motion.turns[reel] ?? 0)),
        );
        setPhase('spinning');
        quietly(() => playSlotSound('spinning'));
      } catch (error) {
        const refused = toApiFailure(error);
        // An answer with a status was a refusal: that key is spent and the next press is a new spin.
        if (refused.status !== null) unanswered.current = null;
        setFailure(refused);
        setPhase('idle');
      }
    },
    [phase, shown, paytable, motion],
  );

  const onReelStopped = useCallback(() => {
    quietly(() => playSlotSound('slotStopped'));
    stoppedReels.current += 1;
    const spun = answer.current;
    if (stoppedReels.current < paytable.strips.length || !spun) return;
    setShown(spun.stops);
    setTravels(paytable.strips.map(() => null));
    setResult(spun);
    setTally((tally) => addSpin(tally, spun.bet, spun.win));
    patchUser(queryClient, { wallets: spun.balances });
    if (isWinOverStake(spun.bet, spun.win)) quietly(() => playSlotSound('win'));
    else if (spun.win === '0') quietly(() => playSlotSound('lose'));
    setPhase('idle');
    void queryClient.invalidateQueries({ queryKey: queryKeys.bandit.seed });
    void queryClient.invalidateQueries({ queryKey: queryKeys.bandit.spins });
  }, [paytable, queryClient]);

  return { shown, travels, phase, result, failure, tally, spin, onReelStopped, isCooling };
}
