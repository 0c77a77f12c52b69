import { ComingSoon } from '../../ui/coming-soon';

/** The store tab of the main page; its content comes in a later issue. */
export default function Page() {
  return <ComingSoon titleKey="nav.store" />;
}
