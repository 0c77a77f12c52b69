import { ComingSoon } from '../../ui/coming-soon';

/** Placeholder until this screen's own work lands; the router loads this folder's default export. */
export default function Page() {
  return <ComingSoon titleKey="screens.bandit" isStandalone />;
}
