import { useEffect } from 'react';
import { ComingSoon } from '../../ui/coming-soon';

/** Placeholder until this screen's own work lands; the router loads this folder's default export. */
export default function Page() {
  // The slot machine's sounds download here only, not with the rest after sign-in (FEATURES §6).
  useEffect(() => {
    void import('../../device/sound-player').then(({ preloadSounds }) => preloadSounds('slot'));
  }, []);
  return <ComingSoon titleKey="screens.bandit" isStandalone />;
}
