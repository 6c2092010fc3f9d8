import { FormMessage } from '@meritmatch/ui';
import { useEffect, useRef } from 'react';

/**
 * A FormMessage at the top of a list, brought into view when it appears: the action that
 * produced it may have been far down the list. When the list changes under the keyboard
 * focus (the row acted on moved to another tab or went away), focus lands here instead
 * of falling back to the page.
 */
export function PageMessage({ message, listVersion }: { message: string; listVersion?: unknown }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (message) ref.current?.scrollIntoView({ block: 'nearest' });
  }, [message]);
  useEffect(() => {
    if (listVersion === undefined) return;
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (message && lost) ref.current?.focus({ preventScroll: true });
  }, [listVersion, message]);
  return (
    <div ref={ref} className="admin-message" hidden={!message} tabIndex={-1}>
      <FormMessage message={message} />
    </div>
  );
}
