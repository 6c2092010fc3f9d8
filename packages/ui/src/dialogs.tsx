import * as AlertDialog from '@radix-ui/react-alert-dialog';
import * as Dialog from '@radix-ui/react-dialog';
import { createContext, type ReactNode, useCallback, useContext, useRef, useState } from 'react';

export type ModalProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  size?: 'md' | 'lg';
};

/** A dialog with a title, focus kept inside, Escape and the close button to leave. */
export function Modal({ open, onOpenChange, title, description, children, size = 'md' }: ModalProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className={`dialog dialog--${size}`}>
          <header className="dialog__header">
            <Dialog.Title className="dialog__title">{title}</Dialog.Title>
            <Dialog.Close className="dialog__close" aria-label="Close">
              ×
            </Dialog.Close>
          </header>
          {description ? (
            <Dialog.Description className="dialog__description">{description}</Dialog.Description>
          ) : (
            <Dialog.Description className="visually-hidden">{title}</Dialog.Description>
          )}
          <div className="dialog__body">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
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
type ConfirmRequest = Required<Omit<ConfirmOptions, 'focusOnCancel'>> &
  Pick<ConfirmOptions, 'focusOnCancel'> & { message: string };
type Confirm = (message: string, options?: ConfirmOptions) => Promise<boolean>;

const ConfirmContext = createContext<Confirm | undefined>(undefined);

/**
 * `const confirm = useConfirm(); if (await confirm('Are you sure …?')) …` — an accessible
 * confirmation (alertdialog, focus on Cancel, Escape cancels) instead of window.confirm.
 */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
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
      <AlertDialog.Root open={request !== null} onOpenChange={(open) => !open && answer(false)}>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className="dialog-overlay" />
          <AlertDialog.Content
            className="dialog dialog--sm"
            onCloseAutoFocus={(event) => {
              const focus = focusAfterClose.current;
              focusAfterClose.current = undefined;
              if (!focus) return;
              event.preventDefault();
              focus();
            }}
          >
            <AlertDialog.Title className="dialog__title">{request?.title}</AlertDialog.Title>
            <AlertDialog.Description className="dialog__description">
              {request?.message}
            </AlertDialog.Description>
            <div className="dialog__actions">
              <AlertDialog.Cancel className="btn btn--secondary btn--md">
                {request?.cancelLabel}
              </AlertDialog.Cancel>
              <AlertDialog.Action
                className={`btn btn--${request?.tone ?? 'danger'} btn--md`}
                onClick={() => answer(true)}
              >
                {request?.confirmLabel}
              </AlertDialog.Action>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </ConfirmContext.Provider>
  );
}

export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error('useConfirm() needs a <ConfirmProvider> above it');
  return confirm;
}
