import { BalancesSection } from './sections/balances-section';
import { QuickPlaySection } from './sections/quick-play-section';
import { ShortcutsSection } from './sections/shortcuts-section';

/**
 * The main tab (FEATURES.md §3): a column of sections, each in its own file. Banners, the daily
 * reward and the pinned tournaments belong to the admin, economy and tournament work; each takes
 * its marked slot below when it lands (nothing is shown for it until then).
 */
export function HomeTab() {
  return (
    <div className="home" data-testid="home">
      {/* slot: banners carousel (admin) */}
      {/* slot: daily reward card (economy) */}
      {/* slot: pinned tournaments (tournament) */}
      <QuickPlaySection />
      <BalancesSection />
      <ShortcutsSection />
    </div>
  );
}
