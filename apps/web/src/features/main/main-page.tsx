import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { isMainTab, MAIN_TABS, type MainTab } from '../../routes/paths';
import { useUser } from '../../net/user-query';
import { Spinner } from '../../ui/spinner';
import { MenuTab } from '../menu/menu-tab';
import { Header } from './header';
import { HomeTab } from './home-tab';
import { TabBar } from './tab-bar';
import './main-page.css';

const StoreTab = lazy(() => import('../store'));
const FriendsTab = lazy(() => import('../friends'));
const CareerTab = lazy(() => import('../career'));

function TabContent({ tab }: { tab: MainTab }) {
  switch (tab) {
    case '/':
      return <HomeTab />;
    case '/menu':
      return <MenuTab />;
    case '/store':
      return <StoreTab />;
    case '/friends':
      return <FriendsTab />;
    case '/career':
      return <CareerTab />;
  }
}

/** SPEC §2: /, /store, /friends, /menu and /career all show this one page with its tab bar. */
export default function MainPage() {
  const { pathname } = useLocation();
  const user = useUser();
  if (!user) return null;
  const tab = isMainTab(pathname) ? pathname : '/';
  return (
    <div className="main-page">
      <Header user={user} />
      <main className="main-content">
        <Suspense fallback={<Spinner />}>
          <TabContent tab={tab} />
        </Suspense>
      </main>
      <TabBar tabs={MAIN_TABS} />
    </div>
  );
}
