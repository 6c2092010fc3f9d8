import { isSuccessMessage } from '@meritmatch/web-session';
import { useEffect, useRef } from 'react';

export type NoticeTone = 'success' | 'error' | 'info';

export type NoticeProps = {
  /** Nothing is shown while it is empty. */
  message: string;
  /** By default the form-message rule decides: a text containing 'successfully' is a success. */
  tone?: NoticeTone;
  /** Adds a close button ('Dismiss message'). */
  onDismiss?: () => void;
  /**
   * For a message above a list of rows with actions: it is brought into view when it
   * appears (the action may have been far down), and when `list` changes while the
   * keyboard focus was lost (the row acted on moved away) the focus lands here.
   */
  list?: unknown;
};

/**
 * The one message box of the web apps, in place of window.alert: green and a polite
 * `status` for a success, red and an `alert` for an error, blue for information.
 */
export function Notice({ message, tone, onDismiss, list }: NoticeProps) {
  const ref = useRef<HTMLDivElement>(null);
  const anchored = list !== undefined;
  useEffect(() => {
    if (anchored && message) ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [anchored, message]);
  useEffect(() => {
    if (list === undefined || !message) return;
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (lost) ref.current?.focus({ preventScroll: true });
  }, [list, message]);
  const shown = tone ?? (isSuccessMessage(message) ? 'success' : 'error');
  const box = message ? (
    <div className={`form-message form-message--${shown}`} role={shown === 'error' ? 'alert' : 'status'}>
      <span className="form-message__text">{message}</span>
      {onDismiss ? (
        <button
          type="button"
          className="form-message__dismiss"
          aria-label="Dismiss message"
          onClick={onDismiss}
        >
          ×
        </button>
      ) : null}
    </div>
  ) : null;
  if (!anchored) return box;
  return (
    <div ref={ref} className="notice-anchor" hidden={!message} tabIndex={-1}>
      {box}
    </div>
  );
}
