import { animated, useTransition, type SpringValue } from '@react-spring/web';
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

interface ModalProps {
  open: boolean;
  title: string;
  children?: ReactNode;
  /**
   * Called on Escape or a click on the backdrop; without it the modal cannot be dismissed (the
   * subscription wall: Escape does nothing, the way on is one of its links).
   */
  onClose?: () => void;
  /** Clicking anywhere on the dialog closes it too (the practice modal). */
  closeOnClick?: boolean;
}

/** Everything in a dialog that Tab can reach, in order. */
const TABBABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), ' +
  'textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A dialog over the page that fades and rises in. It is a native modal `<dialog>` (showModal):
 * the page beneath is inert, so Tab, a screen reader's cursor and clicks stay in the dialog.
 * Focus moves into it when it opens and returns to where it was when it closes.
 */
export function Modal({ open, title, children, onClose, closeOnClick = false }: ModalProps) {
  const transitions = useTransition(open, {
    from: { opacity: 0, y: 24 },
    enter: { opacity: 1, y: 0 },
    leave: { opacity: 0, y: 24 },
    config: { tension: 320, friction: 26 },
  });
  return transitions(
    (style, shown) =>
      shown && (
        <ModalDialog
          title={title}
          onClose={onClose}
          closeOnClick={closeOnClick}
          opacity={style.opacity}
          rise={style.y}
        >
          {children}
        </ModalDialog>
      ),
  );
}

interface ModalDialogProps extends Omit<ModalProps, 'open' | 'closeOnClick'> {
  closeOnClick: boolean;
  opacity: SpringValue<number>;
  rise: SpringValue<number>;
}

function ModalDialog({ title, children, onClose, closeOnClick, opacity, rise }: ModalDialogProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  // The latest onClose, so that the dialog is not closed and opened again when it changes.
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const before = document.activeElement;
    let mounted = true;
    dialog.showModal();
    // The browser closes a modal dialog on a repeated Escape even when its cancel event is
    // refused; one that cannot be dismissed opens again, and one that can says it was closed.
    const onNativeClose = () => {
      if (!mounted) return;
      if (onCloseRef.current) onCloseRef.current();
      else dialog.showModal();
    };
    dialog.addEventListener('close', onNativeClose);
    return () => {
      mounted = false;
      dialog.removeEventListener('close', onNativeClose);
      if (dialog.open) dialog.close();
      if (before instanceof HTMLElement && before.isConnected) before.focus();
    };
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key === 'Escape') {
      // The dialog's own Escape handling would close it behind React's back.
      event.preventDefault();
      onClose?.();
      return;
    }
    if (event.key !== 'Tab') return;
    // The page beneath is inert; this keeps Tab from wandering into the browser's own controls
    // too, cycling from the last control to the first and back.
    const dialog = event.currentTarget;
    const tabbable = [...dialog.querySelectorAll<HTMLElement>(TABBABLE)];
    const first = tabbable[0] ?? dialog;
    const last = tabbable[tabbable.length - 1] ?? dialog;
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === dialog)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    <animated.dialog
      ref={dialogRef}
      className="modal"
      aria-labelledby={titleId}
      style={{ opacity, transform: rise.to((y) => `translateY(${y}px)`) }}
      onKeyDown={onKeyDown}
      onCancel={(event) => event.preventDefault()}
      // A click on the backdrop lands on the dialog element itself; its content fills it.
      onClick={(event) => {
        if (closeOnClick || event.target === event.currentTarget) onClose?.();
      }}
    >
      <div className="modal__content">
        <h2 id={titleId} className="modal__title">
          {title}
        </h2>
        {children}
      </div>
    </animated.dialog>
  );
}
