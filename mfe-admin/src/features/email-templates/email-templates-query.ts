import {
  type EmailKind,
  type EmailTemplateInput,
  ZEmailPreviewAnswer,
  ZEmailTemplatesAnswer,
  ZEmailTemplateWriteAnswer,
} from '@meritmatch/contracts';
import { defineResource, replaceIn } from '@meritmatch/web-kit/resource';
import { useApi } from '@meritmatch/web-session';
import { useMutation } from '@tanstack/react-query';
import { adminKeys } from '../../shared/admin-keys';

type TemplateTexts = { kind: EmailKind; texts: EmailTemplateInput };

const templates = defineResource(adminKeys.emailTemplates, ZEmailTemplatesAnswer, 'templates');

/** GET /admin/email-templates: every kind of e-mail with its subject and body. */
export const useEmailTemplates = templates.useRead;

/** PUT /admin/email-templates/{kind}: the saved template goes into the list at once. */
export const useSaveTemplate = () =>
  templates.useWrite({
    write: (api, { kind, texts }: TemplateTexts) =>
      api(`/admin/email-templates/${kind}`, {
        method: 'PUT',
        body: texts,
        schema: ZEmailTemplateWriteAnswer,
      }),
    update: ({ template }, list) => replaceIn(list, template, 'kind'),
  });

/** POST /admin/email-templates/{kind}/preview: the texts being edited, filled with sample data. */
export function usePreviewTemplate() {
  const api = useApi();
  return useMutation({
    mutationFn: async ({ kind, texts }: TemplateTexts) =>
      (
        await api(`/admin/email-templates/${kind}/preview`, {
          method: 'POST',
          body: texts,
          schema: ZEmailPreviewAnswer,
        })
      ).preview,
  });
}
