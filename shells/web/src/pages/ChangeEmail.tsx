import type { ChangeEmailRequest } from '@meritmatch/contracts';
import { Button, Card, TextField } from '@meritmatch/ui';
import { deferredContractResolver, fieldsOf, Notice } from '@meritmatch/web-kit';
import { errorMessage, useApi, useFormMessage, useSession } from '@meritmatch/web-session';
import { useForm } from 'react-hook-form';
import { loadAuthContracts } from './AuthCard';

const resolver = deferredContractResolver<ChangeEmailRequest, ChangeEmailRequest>(
  async () => (await loadAuthContracts()).ZChangeEmailRequest,
);

const failed = 'Your e-mail address could not be changed. Please try again.';

/**
 * Change of e-mail: a link goes to the new address, and the address changes when it is opened
 * (the /confirm-email page, which reads the signed-in user again). Until then nothing changes.
 */
export function ChangeEmail() {
  const api = useApi();
  const { session } = useSession();
  const feedback = useFormMessage();
  const form = useForm<ChangeEmailRequest>({
    resolver,
    defaultValues: { newEmail: '', currentPassword: '' },
  });
  const field = fieldsOf(form);
  const save = async (body: ChangeEmailRequest) => {
    feedback.clear();
    try {
      const { ZChangeEmailAnswer } = await loadAuthContracts();
      const answer = await api('/auth/email-change', { method: 'POST', body, schema: ZChangeEmailAnswer });
      feedback.show(answer.message);
      form.reset();
    } catch (error) {
      feedback.show(errorMessage(error, failed));
    }
  };
  return (
    <Card title="Change e-mail address">
      <form
        className="form"
        noValidate
        onFocus={resolver.warm}
        onChange={feedback.clearIfError}
        onSubmit={(event) => {
          form
            .handleSubmit(save)(event)
            .catch((error: unknown) => feedback.show(errorMessage(error, failed)));
        }}
      >
        <Notice message={feedback.message} />
        <p className="muted">
          Your address is <strong>{session?.user.email}</strong>. We send a link to the new address; it
          becomes your address when you open it, and we tell the old address.
        </p>
        <TextField
          label="New e-mail address"
          type="email"
          autoComplete="email"
          required
          {...field('newEmail')}
        />
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          required
          {...field('currentPassword')}
        />
        <div className="form-actions">
          <Button type="submit" busy={form.formState.isSubmitting}>
            {form.formState.isSubmitting ? 'Sending…' : 'Send the link'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
