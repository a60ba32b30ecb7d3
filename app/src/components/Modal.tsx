import { animated, useTransition } from '@react-spring/web';
import { useEffect, useId, useRef, type ReactNode } from 'react';

interface ModalProps {
  open: boolean;
  title: string;
  children?: ReactNode;
  /** Called on Escape or a click on the backdrop; without it the modal cannot be dismissed. */
  onClose?: () => void;
  /** Clicking anywhere on the dialog closes it too (the practice modal). */
  closeOnClick?: boolean;
}

/** A dialog over the page that fades and rises in; focus moves into it while it is open. */
export function Modal({ open, title, children, onClose, closeOnClick = false }: ModalProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const transitions = useTransition(open, {
    from: { opacity: 0, y: 24 },
    enter: { opacity: 1, y: 0 },
    leave: { opacity: 0, y: 24 },
    config: { tension: 320, friction: 26 },
  });

  useEffect(() => {
    if (!open) return;
    dialogRef.current?.focus();
    if (!onClose) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, onClose]);

  return transitions(
    (style, shown) =>
      shown && (
        <animated.div
          className="modal-backdrop"
          style={{ opacity: style.opacity }}
          onClick={onClose}
        >
          <animated.div
            ref={dialogRef}
            className="modal"
            role="dialog"
            aria-modal="true"
            aria-labelledby={titleId}
            tabIndex={-1}
            style={{ transform: style.y.to((y) => `translateY(${y}px)`) }}
            onClick={(event) => {
              if (closeOnClick) onClose?.();
              else event.stopPropagation();
            }}
          >
            <h2 id={titleId} className="modal__title">
              {title}
            </h2>
            {children}
          </animated.div>
        </animated.div>
      ),
  );
}
