import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { routeId } from '../../routes/route-id';
import { Spinner } from '../../ui/spinner';
import { ReplayPage } from './replay-page';

/** /replay/{id}: a finished game's replay; a new id mounts a fresh page. */
export default function Page() {
  const { id } = useParams();
  // The step names and the cards' names load with the page: a spinner rather than bare keys meanwhile.
  const { t, ready } = useTranslation(['replay', 'game']);
  const roomId = routeId(id);
  if (!ready) return <Spinner isPage />;
  if (roomId === null) return <p role="alert">{t('not_found')}</p>;
  return <ReplayPage key={roomId} roomId={roomId} />;
}
