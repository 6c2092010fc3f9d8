import { TextField } from '@meritmatch/ui';
import { EntryFormCard } from '../../shared/EntryFormCard';
import { useEntryForm } from '../../shared/useEntryForm';
import type { EntrySection } from '../../shared/useEntrySection';
import { type CertificationEntry, certificationForm } from './certification-form';

export function CertificationForm({
  entry,
  section,
}: {
  entry: CertificationEntry | null;
  section: EntrySection;
}) {
  const { field, frame } = useEntryForm(certificationForm, entry, section);

  return (
    <EntryFormCard {...frame}>
      <div className="grid grid--2">
        <TextField
          label="Certification name"
          required
          placeholder="e.g. AWS Certified Cloud Practitioner"
          {...field('name')}
        />
        <TextField label="Issuer" required placeholder="e.g. Amazon Web Services" {...field('issuer')} />
        <TextField label="Issue date" type="date" required {...field('issueDate')} />
        <TextField
          label="Expiry date"
          type="date"
          hint="Leave empty if it does not expire."
          {...field('expiryDate')}
        />
        <TextField label="Credential ID" {...field('credentialId')} />
        <TextField
          label="Credential URL"
          type="url"
          inputMode="url"
          placeholder="https://"
          {...field('credentialUrl')}
        />
      </div>
      <TextField label="Related skills" hint="Optional. Separate skills with commas." {...field('skills')} />
    </EntryFormCard>
  );
}
