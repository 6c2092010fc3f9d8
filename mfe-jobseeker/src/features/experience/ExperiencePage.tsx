import { confirmations, jobSeekerMessages } from '@meritmatch/contracts';
import { useProfile } from '../../profile/profile-query';
import { EntrySectionPage } from '../../shared/EntrySectionPage';
import { ExperienceForm } from './ExperienceForm';
import { ExperienceList } from './ExperienceList';

/** /job-seeker/experience */
export function ExperiencePage() {
  const profile = useProfile()!;
  return (
    <EntrySectionPage
      config={{
        path: '/job-seeker/experience',
        confirmation: confirmations.experience,
        saveFailed: jobSeekerMessages.experienceFailed,
        deleteFailed: jobSeekerMessages.experienceDeleteFailed,
      }}
      entries={profile.experiences}
      listTitle="Your experience"
      Form={ExperienceForm}
      List={ExperienceList}
    />
  );
}
