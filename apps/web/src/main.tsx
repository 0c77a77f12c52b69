import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { installBrowserHooks } from './app/browser-hooks';
import { initI18n } from './i18n/i18n';
import './styles.css';
import './ui/host-theme.css';

installBrowserHooks();
// The first screen needs its texts; i18next settles even when a language file fails to load.
void initI18n().finally(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
