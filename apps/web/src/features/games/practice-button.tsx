import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BotIcon } from '../../ui/bot-icon';
import { PracticeDialog } from './practice-dialog';
import './practice.css';

/** The way into a practice game, for the lobby and the home page: a button that opens the dialog. */
export function PracticeButton({ className = 'btn btn-ghost' }: { className?: string }) {
  // The home page has not loaded the game's words yet: no button until it has (never a bare key).
  const { t, ready } = useTranslation('game');
  const [isOpen, setOpen] = useState(false);
  if (!ready) return null;
  return (
    <>
      <button type="button" className={className} onClick={() => setOpen(true)} data-testid="open-practice">
        <BotIcon size={18} /> {t('practice.title')}
      </button>
      {isOpen ? <PracticeDialog isOpen onClose={() => setOpen(false)} /> : null}
    </>
  );
}
