import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isMiniApp, wireBackButton } from '../device/telegram';
import { isMainTab } from './paths';

/** Inside the mini-app the host's Back button goes back everywhere but on the main tabs. */
export function MiniAppBridge() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (!isMiniApp()) return;
    return wireBackButton(!isMainTab(pathname) && !pathname.startsWith('/auth/'), () => navigate(-1));
  }, [pathname, navigate]);
  return null;
}
