import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { replayFromStartParam } from '../../device/start-param';
import { isMiniApp, launchStartParam } from '../../device/telegram';
import { replayPath } from './replay-links';

let hasOpened = false;

/** A mini-app opened with `startapp=replay_<id>_<step>` (a shared replay) goes to that step once, after sign-in. */
export function useReplayFromStart(): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (hasOpened || !isMiniApp()) return;
    hasOpened = true;
    const start = replayFromStartParam(launchStartParam());
    if (start) void navigate(replayPath(start.roomId, start.step));
  }, [navigate]);
}
