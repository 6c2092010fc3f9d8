import { createContext, type ReactNode, useCallback, useContext, useRef, useState } from 'react';
import { onDemand, useCodeOnDemand } from './on-demand';

export type ModalProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  size?: 'md' | 'lg';
};

// Radix (about 13 KB gzip) is fetched the first time a dialog opens, not with the page: no first
// view needs a dialog. Once there, it stays mounted, so that it closes and gives the focus back
// as Radix does.
const radix = onDemand(() => import('./radix-dialogs'));

/** A dialog with a title, focus kept inside, Escape and the close button to leave. */
export function Modal(props: ModalProps) {
  const parts = useCodeOnDemand(radix, props.open);
  return parts ? <parts.RadixModal {...props} /> : null;
}

export type ConfirmOptions = {
  /** The dialog's title: 'Please confirm' unless told. */
  title?: string;
  confirmLabel?: string;
  cancelLabel?: string;
  tone?: 'danger' | 'primary';
  /**
   * Moves focus once the dialog has closed without confirming (by default it goes back where it
   * was, e.g. to the button that asked), e.g. to the field to edit.
   */
  focusOnCancel?: () => void;
};
export type ConfirmRequest = Required<Omit<ConfirmOptions, 'focusOnCancel'>> &
  Pick<ConfirmOptions, 'focusOnCancel'> & { message: string };
type Confirm = (message: string, options?: ConfirmOptions) => Promise<boolean>;

const ConfirmContext = createContext<Confirm | undefined>(undefined);

/**
 * `const confirm = useConfirm(); if (await confirm('Are you sure …?')) …` — an accessible
 * confirmation (alertdialog, focus on Cancel, Escape cancels) instead of window.confirm.
 */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  const parts = useCodeOnDemand(radix, request !== null);
  const resolver = useRef<((answer: boolean) => void) | undefined>(undefined);
  // read when the dialog has closed, after `request` is gone
  const focusAfterClose = useRef<(() => void) | undefined>(undefined);
  const confirm = useCallback<Confirm>((message, options) => {
    resolver.current?.(false);
    setRequest({
      message,
      title: options?.title ?? 'Please confirm',
      confirmLabel: options?.confirmLabel ?? 'Confirm',
      cancelLabel: options?.cancelLabel ?? 'Cancel',
      tone: options?.tone ?? 'danger',
      focusOnCancel: options?.focusOnCancel,
    });
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);
  const answer = (value: boolean) => {
    focusAfterClose.current = value ? undefined : request?.focusOnCancel;
    resolver.current?.(value);
    resolver.current = undefined;
    setRequest(null);
  };
  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      {parts ? (
        <parts.RadixConfirm request={request} answer={answer} focusAfterClose={focusAfterClose} />
      ) : null}
    </ConfirmContext.Provider>
  );
}

export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error('useConfirm() needs a <ConfirmProvider> above it');
  return confirm;
}
