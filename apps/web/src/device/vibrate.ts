import { useSettingsStore } from '../state/settings-store';
import { Vibration, type HapticSink } from './vibration';

/** The app's one vibration module; switched by the menu's setting. */
export const vibration = new Vibration({
  vibrate: (pattern) => (typeof navigator !== 'undefined' && typeof navigator.vibrate === 'function' ? navigator.vibrate(pattern) : false),
});
vibration.isEnabled = useSettingsStore.getState().isVibrationOn;
useSettingsStore.subscribe((state) => {
  vibration.isEnabled = state.isVibrationOn;
});

export function vibrate(name: string): boolean {
  return vibration.vibrate(name);
}

export function routeVibrationToHost(sink: HapticSink): void {
  vibration.useHaptics(sink);
}

/** SPEC §9: vibration stops when the page is hidden or unloaded. */
export function installVibrationStops(target: Window = window): () => void {
  const onHidden = () => {
    if (target.document.visibilityState === 'hidden') vibration.stop();
  };
  const onUnload = () => vibration.stop();
  target.document.addEventListener('visibilitychange', onHidden);
  target.addEventListener('pagehide', onUnload);
  target.addEventListener('beforeunload', onUnload);
  return () => {
    target.document.removeEventListener('visibilitychange', onHidden);
    target.removeEventListener('pagehide', onUnload);
    target.removeEventListener('beforeunload', onUnload);
  };
}
