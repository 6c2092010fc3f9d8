import {
  type EmailPreference,
  type EmailPreferenceChange,
  notificationMessages,
  ZEmailPreferencesAnswer,
  ZEmailPreferencesWriteAnswer,
} from '@meritmatch/contracts';
import { Card, CheckboxField } from '@meritmatch/ui';
import { errorMessage, useApi, useFormMessage } from '@meritmatch/web-session';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Loaded } from './LoadError';
import { Notice } from './Notice';

export type EmailSettingsPath = '/job-seeker/notifications' | '/employer/notifications';

/**
 * A person's e-mail settings: one switch per kind of e-mail their account receives,
 * each saved as soon as it is changed. Security messages (an account suspended or restored) are
 * shown switched on, and cannot be switched off.
 */
export function EmailSettings({ path }: { path: EmailSettingsPath }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const key = ['email-settings', path] as const;
  const feedback = useFormMessage();
  const query = useQuery({
    queryKey: key,
    queryFn: async ({ signal }) => (await api(path, { schema: ZEmailPreferencesAnswer, signal })).preferences,
  });
  const save = useMutation({
    mutationFn: (change: EmailPreferenceChange) =>
      api(path, { method: 'PUT', body: change, schema: ZEmailPreferencesWriteAnswer }),
    // the switch moves at once; a refusal puts it back
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<EmailPreference[]>(key);
      queryClient.setQueryData<EmailPreference[]>(key, (list) =>
        list?.map((preference) =>
          preference.kind === change.kind ? { ...preference, enabled: change.enabled } : preference,
        ),
      );
      return { before };
    },
    onSuccess: (answer) => {
      queryClient.setQueryData<EmailPreference[]>(key, answer.preferences);
      feedback.show(answer.message);
    },
    onError: (error, _change, context) => {
      queryClient.setQueryData<EmailPreference[]>(key, context?.before);
      feedback.show(errorMessage(error, notificationMessages.preferencesFailed));
    },
  });

  return (
    <Card title="E-mail notifications">
      <Loaded
        query={query}
        loading="Loading your e-mail settings…"
        failed="Your e-mail settings could not be loaded."
      >
        {(preferences) => (
          <div className="stack" data-testid="email-settings">
            <p className="muted small">
              Choose which e-mails we send you. {notificationMessages.securityAlwaysSent}.
            </p>
            <fieldset className="stack" aria-busy={save.isPending || undefined}>
              <legend className="visually-hidden">E-mails we send you</legend>
              {preferences.map((preference) => (
                <CheckboxField
                  key={preference.kind}
                  label={preference.always ? `${preference.label} (always sent)` : preference.label}
                  checked={preference.enabled}
                  disabled={preference.always || save.isPending}
                  onChange={(event) => {
                    feedback.clear();
                    save.mutate({ kind: preference.kind, enabled: event.currentTarget.checked });
                  }}
                />
              ))}
            </fieldset>
            <Notice message={feedback.message} />
          </div>
        )}
      </Loaded>
    </Card>
  );
}
