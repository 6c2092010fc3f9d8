import { confirmations, jobSeekerMessages } from '@meritmatch/contracts';
import { Card, FormMessage } from '@meritmatch/ui';
import { useProfile } from '../../profile/profile-query';
import { useEntrySection } from '../../shared/useEntrySection';
import { CertificationForm } from './CertificationForm';
import { CertificationList } from './CertificationList';

/** /job-seeker/certifications */
export function CertificationsPage() {
  const profile = useProfile()!;
  const section = useEntrySection({
    path: '/job-seeker/certifications',
    confirmation: confirmations.certification,
    saveFailed: jobSeekerMessages.certificationFailed,
    deleteFailed: jobSeekerMessages.certificationDeleteFailed,
  });
  const editing = profile.certifications.find((entry) => entry.id === section.editingId) ?? null;
  return (
    <div className="stack">
      <CertificationForm key={editing?.id ?? 'new'} entry={editing} section={section} />
      <Card title="Your certifications">
        <div className="stack">
          <FormMessage message={section.listFeedback.message} />
          <CertificationList
            entries={profile.certifications}
            editingId={section.editingId}
            deletingId={section.deletingId}
            onEdit={(entry) => section.startEdit(entry.id)}
            onDelete={async (entry) => {
              if ((await section.remove(entry.id)) && section.editingId === entry.id) section.stopEdit();
            }}
          />
        </div>
      </Card>
    </div>
  );
}
