import { audienceLabels, type EmailKind } from '@meritmatch/contracts';
import { Badge, Button, Card } from '@meritmatch/ui';
import { Loaded } from '@meritmatch/web-kit';
import { useState } from 'react';
import { useEmailTemplates } from './email-templates-query';
import { TemplateEditor } from './TemplateEditor';

/** /admin/email-templates: every e-mail the product sends, its subject, and an editor with a preview. */
export function EmailTemplatesPage() {
  const query = useEmailTemplates();
  const [editing, setEditing] = useState<EmailKind | null>(null);
  const chosen = query.data?.find((template) => template.kind === editing);
  return (
    <div className="stack">
      <Card title="Email Templates">
        <Loaded
          query={query}
          loading="Loading the email templates…"
          failed="The email templates could not be loaded."
        >
          {(templates) => (
            <ul className="admin-templates" aria-label="Email templates">
              {templates.map((template) => (
                <li
                  key={template.kind}
                  className="admin-template split-row"
                  data-testid={`template-${template.kind}`}
                >
                  <div className="admin-template__text">
                    <strong>{template.label}</strong>{' '}
                    <Badge tone={template.security ? 'warning' : 'neutral'}>
                      {audienceLabels[template.audience]}
                    </Badge>
                    <p className="small muted break">{template.subject}</p>
                  </div>
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={`Edit ${template.label}`}
                    aria-pressed={editing === template.kind}
                    onClick={() => setEditing(template.kind)}
                  >
                    Edit
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </Loaded>
      </Card>
      {chosen ? (
        <Card title={`Edit: ${chosen.label}`}>
          <TemplateEditor key={chosen.kind} template={chosen} onDone={() => setEditing(null)} />
        </Card>
      ) : null}
    </div>
  );
}
