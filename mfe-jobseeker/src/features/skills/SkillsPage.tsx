import { confirmations, jobSeekerMessages } from '@meritmatch/contracts';
import { Card } from '@meritmatch/ui';
import { Notice } from '@meritmatch/web-kit';
import { useProfile } from '../../profile/profile-query';
import { useEntrySection } from '../../shared/useEntrySection';
import { SkillChips } from './SkillChips';
import { SkillsForm } from './SkillsForm';

/** /job-seeker/skills: skills are added in batches (POST) and deleted one by one; never edited. */
export function SkillsPage() {
  const profile = useProfile()!;
  const section = useEntrySection({
    noun: 'skill',
    path: '/job-seeker/skills',
    confirmation: confirmations.skill,
    saveFailed: jobSeekerMessages.skillsFailed,
    deleteFailed: jobSeekerMessages.skillDeleteFailed,
    fullName: profile.full_name,
  });
  return (
    <div className="stack">
      <SkillsForm section={section} existing={profile.skills.map((skill) => skill.name)} />
      <Card title="Your skills">
        <div className="stack">
          <Notice message={section.listFeedback.message} />
          <SkillChips
            skills={profile.skills}
            deletingId={section.deletingId}
            onDelete={(skill) => void section.remove(skill.id)}
          />
        </div>
      </Card>
    </div>
  );
}
