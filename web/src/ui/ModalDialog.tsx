import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';

interface ModalDialogProps {
  /** The dialog's heading and accessible name: what the action is ("Disable Erin Engineer?"). */
  title: string;
  /** Escape, or a button of the dialog's own: the opener unmounts it and puts focus back (decision 0074). */
  onClose: () => void;
  /** The field focus goes to when the dialog opens; the first focusable one when left out. */
  initialFocus?: RefObject<HTMLElement | null>;
  children: ReactNode;
}

/**
 * A small modal dialog on the native `<dialog>` (decision 0074): `showModal()` makes the rest of the page
 * inert, so Tab stays inside, and Escape asks it to close. It is rendered only while open; its opener
 * mounts it and, once it is gone, puts focus back on the control that opened it.
 */
export function ModalDialog({ title, onClose, initialFocus, children }: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  // Read at open only: a new onClose each render must not reopen the dialog.
  const focusTarget = useRef(initialFocus);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // jsdom has no showModal: there the dialog is only open, without the inert page around it.
    if (typeof dialog.showModal === 'function') {
      if (!dialog.open) dialog.showModal();
    } else dialog.setAttribute('open', '');
    focusTarget.current?.current?.focus();
    return () => {
      if (typeof dialog.close === 'function') dialog.close();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      className="modal-dialog"
      aria-labelledby={`${id}-title`}
      // The browser would close the dialog itself; the opener decides, so its state says what is shown.
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
    </dialog>
  );
}
