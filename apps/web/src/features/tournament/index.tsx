import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Spinner } from '../../ui/spinner';
import { CurrentTournament } from './current-tournament';
import { parseTournamentId } from './tournament-id';
import { PageMessage, TournamentFrame, TournamentPage } from './tournament-page';

/** /tournament/{id}; the router loads this folder's default export. */
export default function TournamentRoute() {
  const { t, ready } = useTranslation('tournament');
  const id = parseTournamentId(useParams().id);
  // The page's strings load with it: a spinner rather than bare keys meanwhile.
  if (!ready) return <Spinner isPage />;
  if (id === 'current') return <CurrentTournament />;
  if (id === null) {
    return (
      <TournamentFrame title={t('title')}>
        <PageMessage
          text={t('not_found')}
          action={
            <Link to="/" className="btn btn-gold">
              {t('to_main')}
            </Link>
          }
        />
      </TournamentFrame>
    );
  }
  // A new id is a new page: the lists and the live changes start over.
  return <TournamentPage key={id} id={id} />;
}
