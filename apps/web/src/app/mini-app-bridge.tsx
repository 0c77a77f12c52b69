import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isMiniApp, paintHostFrame, wireBackButton } from '../device/telegram';
import { useUser } from '../net/user-query';
import { isAuthPath, isMainTab } from '../routes/paths';

/**
 * Inside the mini-app the host's Back button goes back everywhere but on the main tabs, and the
 * host's header and background follow the screen: felt behind the table and the start and
 * sign-in screens (all drawn on felt), the host's theme elsewhere.
 */
export function MiniAppBridge() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const isUserLoaded = useUser() !== undefined;
  useEffect(() => {
    if (!isMiniApp()) return;
    return wireBackButton(!isMainTab(pathname) && !pathname.startsWith('/auth/'), () => navigate(-1));
  }, [pathname, navigate]);
  const isOnFelt = !isUserLoaded || isAuthPath(pathname) || pathname.startsWith('/durak/');
  useEffect(() => {
    if (isMiniApp()) paintHostFrame(isOnFelt);
  }, [isOnFelt]);
  return null;
}
