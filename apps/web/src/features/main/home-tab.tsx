import { useTranslation } from 'react-i18next';
import { OnlineCount } from '../friends/online-count';
import { PracticeButton } from '../games/practice-button';
import { BannerCarousel } from './banner-carousel';
import { DailyReward } from './daily-reward';
import { HomeTournaments } from './home-tournaments';
import { BalancesSection } from './sections/balances-section';
import { QuickPlaySection } from './sections/quick-play-section';
import { ShortcutsSection } from './sections/shortcuts-section';

/**
 * The main tab (FEATURES.md §3): a column of sections, each in its own file: the admins'
 * banners, the daily reward, quick play, practice against the computer, both balances named,
 * the shortcuts, and the pinned and open tournaments.
 */
export function HomeTab() {
  const { t } = useTranslation();
  return (
    <div className="home" data-testid="home">
      {/* The page's heading for screen readers: the header above already names the player. */}
      <h1 className="visually-hidden">{t('app.title')}</h1>
      <OnlineCount />
      <BannerCarousel />
      <DailyReward />
      <QuickPlaySection />
      <PracticeButton className="btn btn-ghost btn-block home-practice" />
      <BalancesSection />
      <ShortcutsSection />
      <HomeTournaments />
    </div>
  );
}
