import type { ReactNode } from 'react';

/**
 * A message for the whole page or dialog, in place of window.alert: a success is a
 * polite status, anything else an alert. `onDismiss` adds a close button.
 */
export function Notice({
  tone,
  children,
  onDismiss,
}: {
  tone: 'success' | 'error' | 'info';
  children: ReactNode;
  onDismiss?: () => void;
}) {
  return (
    <div className={`employer-notice employer-notice--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      <span className="employer-notice__text">{children}</span>
      {onDismiss ? (
        <button
          type="button"
          className="employer-notice__dismiss"
          aria-label="Dismiss message"
          onClick={onDismiss}
        >
          ×
        </button>
      ) : null}
    </div>
  );
}
