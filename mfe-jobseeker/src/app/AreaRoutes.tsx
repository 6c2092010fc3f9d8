import { Navigate, Route, Routes } from 'react-router-dom';
import { CertificationsPage } from '../features/certifications/CertificationsPage';
import { EducationPage } from '../features/education/EducationPage';
import { ExperiencePage } from '../features/experience/ExperiencePage';
import { InterestPage } from '../features/interest/InterestPage';
import { ProfilePage } from '../features/profile/ProfilePage';
import { SkillsPage } from '../features/skills/SkillsPage';
import { VisibilityPage } from '../features/visibility/VisibilityPage';
import { RequireProfile } from '../shared/RequireProfile';
import { AreaLayout } from './AreaLayout';

/** Mounted by the shell under /job-seeker/*: paths here are relative to it. */
export function AreaRoutes() {
  return (
    <Routes>
      <Route element={<AreaLayout />}>
        <Route index element={<ProfilePage />} />
        <Route
          path="experience"
          element={
            <RequireProfile>
              <ExperiencePage />
            </RequireProfile>
          }
        />
        <Route
          path="education"
          element={
            <RequireProfile>
              <EducationPage />
            </RequireProfile>
          }
        />
        <Route
          path="skills"
          element={
            <RequireProfile>
              <SkillsPage />
            </RequireProfile>
          }
        />
        <Route
          path="certifications"
          element={
            <RequireProfile>
              <CertificationsPage />
            </RequireProfile>
          }
        />
        <Route
          path="interest"
          element={
            <RequireProfile>
              <InterestPage />
            </RequireProfile>
          }
        />
        <Route
          path="visibility"
          element={
            <RequireProfile>
              <VisibilityPage />
            </RequireProfile>
          }
        />
        <Route path="*" element={<Navigate to="/job-seeker" replace />} />
      </Route>
    </Routes>
  );
}
