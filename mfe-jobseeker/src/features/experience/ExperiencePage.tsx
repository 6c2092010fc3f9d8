import { confirmations, jobSeekerMessages } from '@meritmatch/contracts';
import { Card, FormMessage } from '@meritmatch/ui';
import { useProfile } from '../../profile/profile-query';
import { useEntrySection } from '../../shared/useEntrySection';
import { ExperienceForm } from './ExperienceForm';
import { ExperienceList } from './ExperienceList';

/** /job-seeker/experience */
export function ExperiencePage() {
  const profile = useProfile()!;
  const section = useEntrySection({
    path: '/job-seeker/experience',
    confirmation: confirmations.experience,
    saveFailed: jobSeekerMessages.experienceFailed,
    deleteFailed: jobSeekerMessages.experienceDeleteFailed,
  });
  const editing = profile.experiences.find((entry) => entry.id === section.editingId) ?? null;
  return (
    <div className="stack">
      {/* a new form per entry: its default values are that entry's */}
      <ExperienceForm key={editing?.id ?? 'new'} entry={editing} section={section} />
      <Card title="Your experience">
        <div className="stack">
          <FormMessage message={section.listFeedback.message} />
          <ExperienceList
            entries={profile.experiences}
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
