import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { replayPath } from './replay-links';
import './replay-entry.css';
import { ReplayShareButton } from './replay-share';

/** A finished game's way to its replay from elsewhere (results dialog, career): "watch" and, optionally, "share". */
export function ReplayEntry({
  roomId,
  isShareShown = true,
  label,
}: {
  roomId: number;
  isShareShown?: boolean;
  label?: 'watch' | 'career_watch';
}) {
  const { t, ready } = useTranslation('replay');
  // Its words load with the first replay link shown: nothing rather than a bare key meanwhile.
  if (!ready) return null;
  return (
    <div className="replay-entry">
      <Link to={replayPath(roomId)} className="btn btn-ghost" data-testid="replay-link">
        {t(label ?? 'watch')}
      </Link>
      {isShareShown ? <ReplayShareButton roomId={roomId} step={0} /> : null}
    </div>
  );
}
