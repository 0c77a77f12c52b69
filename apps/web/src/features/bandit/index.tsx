import { BanditPage } from './bandit-page';

/** /bandit: the router loads this folder's default export. */
export default function Page() {
  return <BanditPage />;
}
