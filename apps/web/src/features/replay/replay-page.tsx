import { reapplyReplay, type ReplayAnswer } from '@durak/protocol';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toApiFailure } from '../../net/api-error';
import { queryKeys } from '../../net/query-keys';
import { cutName } from '../../ui/format';
import { QueryState } from '../../ui/query-state';
import { TrumpSuitContext } from '../cards/card-name';
import { useViewport } from '../table/use-viewport';
import { replayApi } from './replay-api';
import { ReplayBoard } from './replay-board';
import { ReplayControls } from './replay-controls';
import { ReplayShareButton } from './replay-share';
import { stepText } from './step-text';
import { stepFromSearch, useReplaySteps } from './use-replay-steps';
import './replay.css';
import { tablePath } from '../../routes/paths';

/** A private game asks for its password, as its table does; the answer is kept for this page only. */
function PasswordForm({ isWrong, onPassword }: { isWrong: boolean; onPassword: (password: string) => void }) {
  const { t } = useTranslation('replay');
  const [value, setValue] = useState('');
  return (
    <form
      className="panel replay-password"
      onSubmit={(e) => {
        e.preventDefault();
        if (value !== '') onPassword(value);
      }}
    >
      <label htmlFor="replay-password">{t('password')}</label>
      <input id="replay-password" className="text-input" type="password" value={value} onChange={(e) => setValue(e.currentTarget.value)} />
      {isWrong ? <p role="alert">{t('wrong_password')}</p> : null}
      <button type="submit" className="btn btn-gold">
        {t('open')}
      </button>
    </form>
  );
}

/** /replay/{id}: a finished game re-applied in the browser from one request (FEATURES.md §14). */
export function ReplayPage({ roomId }: { roomId: number }) {
  const { t } = useTranslation('replay');
  const navigate = useNavigate();
  const [password, setPassword] = useState<string | undefined>(undefined);
  const query = useQuery({
    queryKey: queryKeys.replay(roomId, password ?? ''),
    queryFn: () => replayApi.replay(roomId, password),
    retry: false,
    staleTime: Infinity,
  });
  const code = query.error ? toApiFailure(query.error).code : null;
  const back = () => void (window.history.length > 1 ? navigate(-1) : navigate('/career'));
  // The step on screen is in the address: the header's share sends that one.
  const [search] = useSearchParams();
  const lastStep = query.data?.steps.length ?? 0;
  return (
    <main className="replay-page" data-testid="replay-page">
      <header className="replay-top">
        <button type="button" className="btn btn-ghost" onClick={back} aria-label={t('back')}>
          ←
        </button>
        <h1>{t('title', { id: roomId })}</h1>
        {query.data ? <ReplayShareButton roomId={roomId} step={stepFromSearch(search.get('step'), lastStep)} /> : null}
      </header>
      {code === 'room/password_required' || code === 'room/wrong_password' ? (
        <PasswordForm isWrong={code === 'room/wrong_password'} onPassword={setPassword} />
      ) : code === 'room/not_finished' || code === 'room/not_found' ? (
        <div className="panel replay-note" role="alert" data-testid="replay-unavailable">
          <p>{t(code === 'room/not_finished' ? 'not_finished' : 'not_found')}</p>
          {code === 'room/not_finished' ? (
            <Link className="btn btn-gold" to={tablePath(roomId)}>
              {t('to_table')}
            </Link>
          ) : null}
        </div>
      ) : (
        <QueryState query={query} loading={t('loading')} failed={t('failed')} retry={t('retry')}>
          {query.data ? <ReplayView replay={query.data} /> : null}
        </QueryState>
      )}
    </main>
  );
}

function ReplayView({ replay }: { replay: ReplayAnswer }) {
  // `rules` too: a team game's last caption names the team from there, and must redraw when it loads.
  const { t } = useTranslation(['replay', 'rules']);
  const { width } = useViewport();
  const again = useMemo(() => reapplyReplay(replay), [replay]);
  const frames = again.ok ? again.frames : [];
  const last = Math.max(0, frames.length - 1);
  const ids = useMemo(() => replay.players.map((p) => p.user_id), [replay]);
  const steps = useReplaySteps(last, ids);
  if (!again.ok) {
    return (
      <div className="panel replay-note" role="alert" data-testid="replay-diverged">
        <p>{t('diverged')}</p>
      </div>
    );
  }
  const frame = frames[steps.step]!;
  const before = steps.step > 0 ? frames[steps.step - 1]!.state : null;
  const nameOf = (id: string) => cutName(replay.players.find((p) => p.user_id === id)?.username ?? id, 16, 14);
  const caption = stepText(t, steps.step > 0 ? replay.steps[steps.step - 1]! : null, frame.events, before, nameOf);
  const trump = steps.seat === null || frame.state.is_trump_revealed ? frame.state.trump_card.suit : null;
  return (
    <TrumpSuitContext.Provider value={trump}>
      <div className="replay-views" role="radiogroup" aria-label={t('view.label')} data-testid="replay-views">
        <button
          type="button"
          role="radio"
          aria-checked={steps.seat === null}
          className={`btn ${steps.seat === null ? 'btn-gold' : 'btn-ghost'}`}
          onClick={() => steps.setSeat(null)}
          data-testid="replay-view-all"
        >
          {t('view.all')}
        </button>
        {replay.players.map((p) => (
          <button
            key={p.user_id}
            type="button"
            role="radio"
            aria-checked={steps.seat === p.user_id}
            className={`btn ${steps.seat === p.user_id ? 'btn-gold' : 'btn-ghost'}`}
            onClick={() => steps.setSeat(p.user_id)}
            data-testid="replay-view-seat"
            data-player-id={p.user_id}
          >
            {cutName(p.username, 12, 10)}
          </button>
        ))}
      </div>
      <ReplayBoard state={frame.state} players={replay.players} viewer={steps.seat} width={width} />
      <p className="replay-caption" aria-live="polite" data-testid="replay-caption">
        <span className="replay-step-no" data-testid="replay-step">
          {t('step_of', { n: steps.step, total: last })}
        </span>{' '}
        {caption}
      </p>
      <ReplayControls
        step={steps.step}
        last={last}
        isPlaying={steps.isPlaying}
        speed={steps.speed}
        onStep={(n) => {
          steps.pause();
          steps.go(n);
        }}
        onToggle={steps.toggle}
        onSpeed={steps.setSpeed}
      />
    </TrumpSuitContext.Provider>
  );
}
