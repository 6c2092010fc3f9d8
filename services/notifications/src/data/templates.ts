import type { EmailKind } from '@meritmatch/contracts';
import {
  aggregateSchemaFields,
  DomainError,
  type Platform,
  withoutStoreFields,
} from '@meritmatch/service-kit';
import { Schema } from 'mongoose';
import type { StoredTemplate } from '../use-cases/templates';

const templateSchema = new Schema(
  {
    _id: { type: String, required: true },
    subject: { type: String, required: true },
    body: { type: String, required: true },
    ...aggregateSchemaFields,
  },
  { versionKey: false, minimize: false },
);

type TemplateDoc = Omit<StoredTemplate, 'kind'> & { _id: EmailKind };
const fromDoc = ({ _id, ...doc }: TemplateDoc): StoredTemplate => ({
  kind: _id,
  subject: doc.subject,
  body: doc.body,
  version: doc.version,
  createdAt: doc.createdAt,
  updatedAt: doc.updatedAt,
});

/** How a template is stored, the same for the in-memory store of tests. */
export const templateStorage = {
  toDoc: ({ kind, ...template }: StoredTemplate) => ({ _id: kind, ...template }),
  fromDoc,
  missing: () => new DomainError('template.missing'),
};

/** The e-mail templates, one per kind (keyed by the kind). */
export function createTemplateData(platform: Platform) {
  const Templates = platform.connection.model('EmailTemplate', templateSchema, 'email_templates');
  const store = platform.aggregateStore<StoredTemplate>({ model: Templates, ...templateStorage });
  return {
    store,
    async all(): Promise<StoredTemplate[]> {
      return (await Templates.find({}, withoutStoreFields).lean<TemplateDoc[]>()).map(fromDoc);
    },
  };
}

export type TemplateData = ReturnType<typeof createTemplateData>;
