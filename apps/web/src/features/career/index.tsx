import { ComingSoon } from '../../ui/coming-soon';

/** The career tab of the main page; its content comes in a later issue. */
export default function Page() {
  return <ComingSoon titleKey="nav.career" />;
}
