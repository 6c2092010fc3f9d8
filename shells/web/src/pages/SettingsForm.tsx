import { Button } from '@meritmatch/ui';
import { Notice } from '@meritmatch/web-kit';
import type { FormMessage } from '@meritmatch/web-session';
import type { FormEvent, ReactNode } from 'react';

/**
 * A form of the account settings: its message first, then the fields and actions. `warm` loads
 * what checking it needs when it first gets focus; typing clears an error.
 */
export function SettingsForm({
  feedback,
  warm,
  onSubmit,
  children,
}: {
  feedback: FormMessage;
  warm: () => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  return (
    <form className="form" noValidate onFocus={warm} onChange={feedback.clearIfError} onSubmit={onSubmit}>
      <Notice message={feedback.message} />
      {children}
    </form>
  );
}

/** A settings card's one action: its submit button, which says it is busy while it sends. */
export function SubmitRow({ busy, label, busyLabel }: { busy: boolean; label: string; busyLabel: string }) {
  return (
    <div className="form-actions">
      <Button type="submit" busy={busy}>
        {busy ? busyLabel : label}
      </Button>
    </div>
  );
}
