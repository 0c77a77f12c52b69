import { useEffect, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useLocation } from 'react-router';

interface ModalProps {
  isOpen: boolean;
  onClose: () => void;
  /** With a title the dialog is the narrow variant (max 400px wide). */
  title?: ReactNode;
  closeLabel?: string;
  children: ReactNode;
}

let locks = 0;
function lockScroll(): () => void {
  locks += 1;
  document.body.classList.add('scroll-locked');
  return () => {
    locks -= 1;
    if (locks === 0) document.body.classList.remove('scroll-locked');
  };
}

/** SPEC §2 modal: closes on Escape, backdrop, the close button and a path change; locks scrolling. */
export function Modal({ isOpen, onClose, title, closeLabel = 'Close', children }: ModalProps) {
  const { pathname } = useLocation();
  const openedAt = useRef(pathname);
  const close = useRef(onClose);
  close.current = onClose;
  const dialog = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!isOpen) return;
    openedAt.current = pathname;
    const unlock = lockScroll();
    // Keyboard and screen-reader users land inside the dialog, and return where they were.
    const before = document.activeElement as HTMLElement | null;
    dialog.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close.current();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      unlock();
      before?.focus?.();
    };
    // pathname is read only when the dialog opens; the effect below follows changes.
  }, [isOpen]);

  useEffect(() => {
    if (isOpen && pathname !== openedAt.current) close.current();
  }, [isOpen, pathname]);

  if (!isOpen) return null;
  return createPortal(
    <div className="modal-backdrop" data-testid="modal-backdrop" onMouseDown={(event) => event.target === event.currentTarget && onClose()}>
      <div
        ref={dialog}
        tabIndex={-1}
        className={`modal panel${title ? ' modal-titled' : ''}`}
        role="dialog"
        aria-modal="true"
        aria-label={typeof title === 'string' ? title : undefined}
      >
        {title ? <h2 className="modal-title">{title}</h2> : null}
        <button type="button" className="modal-close" aria-label={closeLabel} onClick={onClose}>
          ×
        </button>
        {children}
      </div>
    </div>,
    document.body,
  );
}
