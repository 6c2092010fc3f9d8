import {
  confirmedAddressesOnlyLabel,
  inactiveAccountMonthsLabel,
  notificationMessages,
  type SystemSettings,
  type SystemSettingsInput,
  ZSystemSettingsInput,
} from '@meritmatch/contracts';
import { Button, Card, CheckboxField, TextField } from '@meritmatch/ui';
import { contractResolver, fieldsOf, Loaded, Notice } from '@meritmatch/web-kit';
import { errorMessage, useFormMessage } from '@meritmatch/web-session';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useSaveSystemSettings, useSystemSettings } from './system-settings-query';

type Values = SystemSettings;

function SettingsForm({ settings }: { settings: SystemSettings }) {
  const save = useSaveSystemSettings();
  const feedback = useFormMessage();
  const form = useForm<Values, unknown, SystemSettingsInput>({
    defaultValues: {
      askBeforeSharingByDefault: settings.askBeforeSharingByDefault,
      senderName: settings.senderName,
      senderAddress: settings.senderAddress,
      confirmedAddressesOnly: settings.confirmedAddressesOnly,
      inactiveAccountMonths: settings.inactiveAccountMonths,
    },
    resolver: contractResolver<Values, SystemSettingsInput>(ZSystemSettingsInput),
  });
  const field = fieldsOf(form);
  const confirmedHint = useId();
  const retentionHint = useId();
  const submit = form.handleSubmit((input) => {
    feedback.clear();
    save.mutate(input, {
      onSuccess: (answer) => feedback.show(answer.message),
      onError: (error) => feedback.show(errorMessage(error, notificationMessages.settingsFailed)),
    });
  });
  return (
    <form
      className="form"
      onSubmit={submit}
      onChange={feedback.clearIfError}
      noValidate
      aria-label="System settings"
    >
      <fieldset className="stack">
        <legend className="admin-legend">New job seeker profiles</legend>
        <CheckboxField
          label="Ask me before sharing my details: on for new profiles"
          {...form.register('askBeforeSharingByDefault')}
        />
        <p className="small muted">
          Each job seeker can change it on their profile. Off: a match request goes straight to the admin
          queue.
        </p>
      </fieldset>
      <fieldset className="stack">
        <legend className="admin-legend">Confirmed e-mail addresses</legend>
        <CheckboxField
          label={confirmedAddressesOnlyLabel}
          aria-describedby={confirmedHint}
          {...form.register('confirmedAddressesOnly')}
        />
        <p className="small muted" id={confirmedHint}>
          When on, a job seeker whose address is not confirmed is not searchable, and an employer whose
          address is not confirmed cannot be verified.
        </p>
      </fieldset>
      <fieldset className="stack">
        <legend className="admin-legend">Inactive accounts</legend>
        <TextField
          label={inactiveAccountMonthsLabel}
          type="number"
          inputMode="numeric"
          min={2}
          max={120}
          required
          aria-describedby={retentionHint}
          {...field('inactiveAccountMonths', { valueAsNumber: true })}
        />
        <p className="small muted" id={retentionHint}>
          A month before, the person is reminded by e-mail; at the limit they leave search; a month later the
          account is erased for good, unless they sign in. Admin accounts are never erased.
        </p>
      </fieldset>
      <fieldset className="stack">
        <legend className="admin-legend">E-mail sender</legend>
        <div className="admin-form-row">
          <TextField label="Sender name" required autoComplete="off" {...field('senderName')} />
          <TextField
            label="Sender address"
            required
            type="email"
            autoComplete="off"
            {...field('senderAddress')}
          />
        </div>
      </fieldset>
      <Notice message={feedback.message} />
      <div className="form-actions">
        <Button type="submit" busy={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save Settings'}
        </Button>
      </div>
    </form>
  );
}

/**
 * /admin/system-settings: whether new profiles ask before sharing, whether only confirmed
 * addresses count (search, verification), and who e-mails come from.
 */
export function SystemSettingsPage() {
  const query = useSystemSettings();
  return (
    <Card title="System Settings">
      <Loaded
        query={query}
        loading="Loading the system settings…"
        failed="The system settings could not be loaded."
      >
        {(settings) => <SettingsForm settings={settings} />}
      </Loaded>
    </Card>
  );
}
