import { ResponsiblePage } from './responsible-page';

/** /responsible-play: the router loads this folder's default export. */
export default function Page() {
  return <ResponsiblePage />;
}
