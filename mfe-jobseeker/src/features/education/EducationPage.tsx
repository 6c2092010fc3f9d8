import { confirmations, jobSeekerMessages } from '@meritmatch/contracts';
import { Card, FormMessage } from '@meritmatch/ui';
import { useProfile } from '../../profile/profile-query';
import { useEntrySection } from '../../shared/useEntrySection';
import { EducationForm } from './EducationForm';
import { EducationList } from './EducationList';

/** /job-seeker/education */
export function EducationPage() {
  const profile = useProfile()!;
  const section = useEntrySection({
    path: '/job-seeker/education',
    confirmation: confirmations.education,
    saveFailed: jobSeekerMessages.educationFailed,
    deleteFailed: jobSeekerMessages.educationDeleteFailed,
  });
  const editing = profile.education.find((entry) => entry.id === section.editingId) ?? null;
  return (
    <div className="stack">
      <EducationForm key={editing?.id ?? 'new'} entry={editing} section={section} />
      <Card title="Your education">
        <div className="stack">
          <FormMessage message={section.listFeedback.message} />
          <EducationList
            entries={profile.education}
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
