import type { ButtonHTMLAttributes, ReactNode } from 'react';

export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <span className="spinner" role="status" aria-live="polite">
      <span className="spinner__circle" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

export function LoadingState({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="state state--loading">
      <Spinner label={label} />
      <p aria-hidden="true">{label}</p>
    </div>
  );
}

type StateProps = { title: string; description?: ReactNode; action?: ReactNode };

function StateMessage({ kind, title, description, action }: StateProps & { kind: 'empty' | 'error' }) {
  return (
    <div className={`state state--${kind}`} {...(kind === 'error' ? { role: 'alert' } : {})}>
      <p className="state__title">{title}</p>
      {description ? <p className="state__description">{description}</p> : null}
      {action}
    </div>
  );
}

/** Nothing to show yet, and what to do about it. */
export const EmptyState = (props: StateProps) => <StateMessage kind="empty" {...props} />;

/** Something failed: announced to screen readers. */
export const ErrorState = (props: StateProps) => <StateMessage kind="error" {...props} />;

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: 'primary' | 'secondary' | 'danger' | 'ghost' | 'success';
  size?: 'sm' | 'md';
  busy?: boolean;
};

export function Button({
  variant = 'primary',
  size = 'md',
  busy = false,
  className,
  children,
  disabled,
  type,
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type ?? 'button'}
      className={`btn btn--${variant} btn--${size}${className ? ` ${className}` : ''}`}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...rest}
    >
      {children}
    </button>
  );
}

/**
 * A form's last row: its submit button, and a Cancel when the form can be left (`onCancel`).
 * Both wait while the form is busy.
 */
export function FormActions({
  busy,
  disabled,
  onCancel,
  children,
}: {
  busy: boolean;
  disabled?: boolean;
  onCancel?: (() => void) | undefined;
  children: ReactNode;
}) {
  return (
    <div className="form-actions">
      <Button type="submit" busy={busy} disabled={disabled}>
        {children}
      </Button>
      {onCancel ? (
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      ) : null}
    </div>
  );
}

export type BadgeTone = 'neutral' | 'success' | 'warning' | 'danger' | 'info' | 'accent';

export function Badge({ tone = 'neutral', children }: { tone?: BadgeTone; children: ReactNode }) {
  return <span className={`badge badge--${tone}`}>{children}</span>;
}

/**
 * A bar filled to `percentage` (0 to 100) in the colour of `tone` (`tone-<tone>`), named by the
 * element whose id is `labelledBy`; `valueText` says the value in words where a bare number would not.
 */
export function Meter({
  percentage,
  tone,
  labelledBy,
  valueText,
}: {
  percentage: number;
  tone: string;
  labelledBy: string;
  valueText?: string;
}) {
  return (
    <div
      className="meter"
      role="progressbar"
      aria-labelledby={labelledBy}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percentage}
      aria-valuetext={valueText}
    >
      <div className={`meter__fill tone-${tone}`} style={{ width: `${percentage}%` }} />
    </div>
  );
}

export function Card({
  title,
  actions,
  children,
  className,
}: {
  title?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section className={`card${className ? ` ${className}` : ''}`}>
      {title || actions ? (
        <header className="card__header">
          {title ? <h2 className="card__title">{title}</h2> : <span />}
          {actions ? <div className="card__actions">{actions}</div> : null}
        </header>
      ) : null}
      {children}
    </section>
  );
}
