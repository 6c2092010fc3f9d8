import { confirmations, jobSeekerMessages } from '@meritmatch/contracts';
import { useProfile } from '../../profile/profile-query';
import { EntrySectionPage } from '../../shared/EntrySectionPage';
import { EducationForm } from './EducationForm';
import { EducationList } from './EducationList';

/** /job-seeker/education */
export function EducationPage() {
  const profile = useProfile()!;
  return (
    <EntrySectionPage
      config={{
        path: '/job-seeker/education',
        confirmation: confirmations.education,
        saveFailed: jobSeekerMessages.educationFailed,
        deleteFailed: jobSeekerMessages.educationDeleteFailed,
      }}
      entries={profile.education}
      listTitle="Your education"
      Form={EducationForm}
      List={EducationList}
    />
  );
}
