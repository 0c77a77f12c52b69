import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { CurrentTournament } from './current-tournament';
import { PageMessage, TournamentFrame, TournamentPage } from './tournament-page';

/** Reads /tournament/{id}: a positive whole id, or `current`. */
export function parseTournamentId(raw: string | undefined): number | 'current' | null {
  if (raw === 'current') return 'current';
  if (!raw || !/^\d{1,15}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 && Number.isSafeInteger(id) ? id : null;
}

/** /tournament/{id}; the router loads this folder's default export. */
export default function TournamentRoute() {
  const { t } = useTranslation('tournament');
  const id = parseTournamentId(useParams().id);
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
