import * as AlertDialog from '@radix-ui/react-alert-dialog';
import * as Dialog from '@radix-ui/react-dialog';
import { type RefObject, useRef } from 'react';
import type { ConfirmRequest, ModalProps } from './dialogs';

// The dialogs' Radix half: fetched the first time a dialog opens (see dialogs.tsx).

export function RadixModal({ open, onOpenChange, title, description, children, size = 'md' }: ModalProps) {
  // Radix gives the focus back to its own Trigger; these dialogs are opened by the page's buttons,
  // so the one that had the focus when the dialog opened gets it back (if it is still there)
  const opener = useRef<HTMLElement | null>(null);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content
          className={`dialog dialog--${size}`}
          onOpenAutoFocus={() => {
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            const back = opener.current;
            opener.current = null;
            if (!back?.isConnected) return;
            event.preventDefault();
            back.focus();
          }}
        >
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

export function RadixConfirm({
  request,
  answer,
  focusAfterClose,
}: {
  request: ConfirmRequest | null;
  answer: (value: boolean) => void;
  /** Read when the dialog has closed, after `request` is gone. */
  focusAfterClose: RefObject<(() => void) | undefined>;
}) {
  return (
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
  );
}
