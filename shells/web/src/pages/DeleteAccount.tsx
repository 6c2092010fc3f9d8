import type { EraseAccountRequest } from '@meritmatch/contracts';
import { Button, Card, TextField } from '@meritmatch/ui';
import { Modal } from '@meritmatch/ui/dialogs';
import { deferredContractResolver } from '@meritmatch/web-kit';
import { ApiRequestError, useApi, useSession } from '@meritmatch/web-session';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { leaveNotice } from '../auth/parting-notice';
import { loadAuthContracts } from './AuthCard';
import { usePageForm } from './page-form';
import { SettingsForm } from './SettingsForm';

const resolver = deferredContractResolver<EraseAccountRequest, EraseAccountRequest>(
  async () => (await loadAuthContracts()).ZEraseAccountRequest,
);

export const deleteAccountTexts = {
  title: 'Delete my account',
  disabled:
    'Your account is disabled at once: you are signed out everywhere, and no one on MeritMatch finds you any more.',
  erased:
    'Within minutes every part of MeritMatch erases what it holds about you. What stays are ids and dates that no longer say who you were.',
  cannotUndo: 'This cannot be undone.',
  copyFirst: 'Want a copy first?',
  download: 'Download my data',
  dialogLead: 'Enter your password to confirm. Your account is deleted at once, and this cannot be undone.',
  confirm: 'Delete my account',
  busy: 'Deleting…',
  failed: 'Your account could not be deleted. Please try again.',
} as const;

/** The field error the server gave for the password (a wrong password), if it gave one. */
const passwordError = (error: unknown) =>
  error instanceof ApiRequestError
    ? error.details?.find((detail) => detail.path === 'password')?.message
    : undefined;

/**
 * The dialog's form: the password, then `POST /auth/account/erase`. Once it is accepted the
 * token is refused, so the browser forgets the session (as Logout does, whatever the server says
 * to the logout call) and the sign-in page says what happened.
 */
function ConfirmErasure({ onCancel }: { onCancel: () => void }) {
  const api = useApi();
  const { signOut } = useSession();
  const navigate = useNavigate();
  const { form, field, feedback, submit, busy } = usePageForm(
    resolver,
    { password: '' },
    deleteAccountTexts.failed,
  );
  // the dialog opens on the one thing it asks for (Radix keeps a focus already inside it)
  const { setFocus } = form;
  useEffect(() => {
    setFocus('password');
  }, [setFocus]);

  const erase = async (body: EraseAccountRequest) => {
    try {
      const { ZAccountErasedAnswer } = await loadAuthContracts();
      const answer = await api('/auth/account/erase', { method: 'POST', body, schema: ZAccountErasedAnswer });
      leaveNotice(answer.message);
      signOut();
      navigate('/login', { replace: true });
    } catch (error) {
      // a wrong password is said at the field; anything else in the dialog's message
      const wrongPassword = passwordError(error);
      if (!wrongPassword) throw error;
      form.setError('password', { message: wrongPassword }, { shouldFocus: true });
    }
  };

  return (
    <SettingsForm feedback={feedback} warm={resolver.warm} onSubmit={submit(erase)}>
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        {...field('password')}
      />
      <div className="dialog__actions">
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" variant="danger" busy={busy}>
          {busy ? deleteAccountTexts.busy : deleteAccountTexts.confirm}
        </Button>
      </div>
    </SettingsForm>
  );
}

/**
 * Account settings' last card, for job seekers and employers (an admin account is never erased
 * this way): what deleting the account does, the way to download the data first, and the button
 * that asks for the password in a dialog.
 */
export function DeleteAccount() {
  const { session } = useSession();
  const [open, setOpen] = useState(false);
  const role = session?.user.userType;
  if (role !== 'job_seeker' && role !== 'employer') return null;
  return (
    <Card title={deleteAccountTexts.title} className="danger-zone">
      <div className="notice notice--warning" data-testid="delete-account">
        <p>{deleteAccountTexts.disabled}</p>
        <p>{deleteAccountTexts.erased}</p>
        <p>
          <strong>{deleteAccountTexts.cannotUndo}</strong>
        </p>
        <p>
          {deleteAccountTexts.copyFirst} <Link to="/account/data">{deleteAccountTexts.download}</Link>
        </p>
        <div className="form-actions">
          <Button variant="danger" onClick={() => setOpen(true)}>
            {deleteAccountTexts.confirm}
          </Button>
        </div>
      </div>
      <Modal
        open={open}
        onOpenChange={setOpen}
        title={deleteAccountTexts.title}
        description={deleteAccountTexts.dialogLead}
        size="md"
      >
        {open ? <ConfirmErasure onCancel={() => setOpen(false)} /> : null}
      </Modal>
    </Card>
  );
}
