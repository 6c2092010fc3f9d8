import {
  type EmailKind,
  type EmailTemplate,
  type EmailTemplateInput,
  ZEmailPreviewAnswer,
  ZEmailTemplatesAnswer,
  ZEmailTemplateWriteAnswer,
} from '@meritmatch/contracts';
import { useApi } from '@meritmatch/web-session';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '../../shared/admin-keys';

/** GET /admin/email-templates: every kind of e-mail with its subject and body. */
export function useEmailTemplates() {
  const api = useApi();
  return useQuery({
    queryKey: adminKeys.emailTemplates,
    queryFn: async ({ signal }) =>
      (await api('/admin/email-templates', { schema: ZEmailTemplatesAnswer, signal })).templates,
  });
}

/** PUT /admin/email-templates/{kind}: the saved template goes into the list at once. */
export function useSaveTemplate() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, texts }: { kind: EmailKind; texts: EmailTemplateInput }) =>
      api(`/admin/email-templates/${kind}`, {
        method: 'PUT',
        body: texts,
        schema: ZEmailTemplateWriteAnswer,
      }),
    onSuccess: ({ template }) =>
      queryClient.setQueryData<EmailTemplate[]>(adminKeys.emailTemplates, (templates) =>
        templates?.map((existing) => (existing.kind === template.kind ? template : existing)),
      ),
  });
}

/** POST /admin/email-templates/{kind}/preview: the texts being edited, filled with sample data. */
export function usePreviewTemplate() {
  const api = useApi();
  return useMutation({
    mutationFn: async ({ kind, texts }: { kind: EmailKind; texts: EmailTemplateInput }) =>
      (
        await api(`/admin/email-templates/${kind}/preview`, {
          method: 'POST',
          body: texts,
          schema: ZEmailPreviewAnswer,
        })
      ).preview,
  });
}
