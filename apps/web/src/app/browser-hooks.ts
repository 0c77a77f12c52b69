import { installVibrationStops } from '../device/vibrate';
import { installWakeLock } from '../device/wake-lock';
import { isMiniApp } from '../device/telegram';

/** Page-wide behaviour that lives as long as the page: wake lock, vibration stops, mini-app class. */
export function installBrowserHooks(): void {
  installWakeLock();
  installVibrationStops();
  if (isMiniApp()) document.documentElement.classList.add('mini-app');
}
