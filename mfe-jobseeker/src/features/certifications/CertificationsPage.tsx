import { confirmations, jobSeekerMessages } from '@meritmatch/contracts';
import { useProfile } from '../../profile/profile-query';
import { EntrySectionPage } from '../../shared/EntrySectionPage';
import { CertificationForm } from './CertificationForm';
import { CertificationList } from './CertificationList';

/** /job-seeker/certifications */
export function CertificationsPage() {
  const profile = useProfile()!;
  return (
    <EntrySectionPage
      config={{
        path: '/job-seeker/certifications',
        confirmation: confirmations.certification,
        saveFailed: jobSeekerMessages.certificationFailed,
        deleteFailed: jobSeekerMessages.certificationDeleteFailed,
      }}
      entries={profile.certifications}
      listTitle="Your certifications"
      Form={CertificationForm}
      List={CertificationList}
    />
  );
}
