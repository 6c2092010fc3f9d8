import {
  type EmailTemplate,
  type EmailTemplateInput,
  emailTemplateInputFor,
  notificationMessages,
} from '@meritmatch/contracts';
import { Button, TextAreaField, TextField } from '@meritmatch/ui';
import { contractResolver, fieldsOf, Notice } from '@meritmatch/web-kit';
import { errorMessage, useFormMessage } from '@meritmatch/web-session';
import { useForm } from 'react-hook-form';
import { usePreviewTemplate, useSaveTemplate } from './email-templates-query';

type Values = { subject: string; body: string };

/**
 * One template: subject and body with the kind's placeholders (checked as the server checks
 * them), Preview (sample data, as plain text) and Save Template.
 */
export function TemplateEditor({ template, onDone }: { template: EmailTemplate; onDone: () => void }) {
  const save = useSaveTemplate();
  const preview = usePreviewTemplate();
  const feedback = useFormMessage();
  const form = useForm<Values, unknown, EmailTemplateInput>({
    defaultValues: { subject: template.subject, body: template.body },
    resolver: contractResolver<Values, EmailTemplateInput>(emailTemplateInputFor(template.kind)),
  });
  const field = fieldsOf(form);
  const { kind } = template;

  const submit = form.handleSubmit((texts) => {
    feedback.clear();
    save.mutate(
      { kind, texts },
      {
        onSuccess: (answer) => feedback.show(answer.message),
        onError: (error) => feedback.show(errorMessage(error, notificationMessages.templateFailed)),
      },
    );
  });
  const showPreview = form.handleSubmit((texts) => {
    feedback.clear();
    preview.mutate(
      { kind, texts },
      { onError: (error) => feedback.show(errorMessage(error, notificationMessages.previewFailed)) },
    );
  });

  return (
    <div className="stack">
      <form
        className="form"
        onSubmit={submit}
        onChange={feedback.clearIfError}
        noValidate
        aria-label="Edit email template"
      >
        <TextField label="Subject" required autoComplete="off" {...field('subject')} />
        <TextAreaField
          label="Body"
          required
          rows={12}
          className="mono"
          hint={
            <>
              Plain text. Placeholders:{' '}
              {template.placeholders.map((name, index) => (
                <span key={name}>
                  {index > 0 ? ', ' : null}
                  <code>{`{{${name}}}`}</code>
                </span>
              ))}
            </>
          }
          {...field('body')}
        />
        <Notice message={feedback.message} />
        <div className="form-actions">
          <Button type="submit" busy={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save Template'}
          </Button>
          <Button variant="secondary" busy={preview.isPending} onClick={() => void showPreview()}>
            {preview.isPending ? 'Previewing…' : 'Preview'}
          </Button>
          <Button variant="ghost" onClick={onDone}>
            Close
          </Button>
        </div>
      </form>
      {preview.data ? (
        <section
          className="admin-preview"
          aria-label="Preview with sample data"
          data-testid="template-preview"
        >
          <h3 className="admin-preview__title">Preview with sample data</h3>
          <p className="admin-preview__subject">
            <strong>Subject:</strong> {preview.data.subject}
          </p>
          <pre className="admin-preview__body">{preview.data.body}</pre>
        </section>
      ) : null}
    </div>
  );
}
