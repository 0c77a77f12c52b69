import { useTranslation } from 'react-i18next';
import { routeId } from '../../routes/route-id';
import { useParams } from 'react-router';
import { ReplayPage } from './replay-page';

/** /replay/{id}: a finished game's replay; a new id mounts a fresh page. */
export default function Page() {
  const { id } = useParams();
  const { t } = useTranslation('replay');
  const roomId = routeId(id);
  if (roomId === null) return <p role="alert">{t('not_found')}</p>;
  return <ReplayPage key={roomId} roomId={roomId} />;
}
