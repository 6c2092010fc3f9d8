import { Navigate, Route, Routes } from 'react-router-dom';
import { RequireProfile } from '../shared/RequireProfile';
import { AreaLayout } from './AreaLayout';
import {
  CertificationsPage,
  EducationPage,
  ExperiencePage,
  InterestPage,
  PreferencesPage,
  ProfilePage,
  SkillsPage,
  VisibilityPage,
} from './pages';

/** Mounted by the shell under /job-seeker/*: paths here are relative to it. */
export function AreaRoutes() {
  return (
    <Routes>
      <Route element={<AreaLayout />}>
        <Route index element={<ProfilePage />} />
        <Route element={<RequireProfile />}>
          <Route path="experience" element={<ExperiencePage />} />
          <Route path="education" element={<EducationPage />} />
          <Route path="skills" element={<SkillsPage />} />
          <Route path="certifications" element={<CertificationsPage />} />
          <Route path="preferences" element={<PreferencesPage />} />
          <Route path="interest" element={<InterestPage />} />
          <Route path="visibility" element={<VisibilityPage />} />
        </Route>
        <Route path="*" element={<Navigate to="/job-seeker" replace />} />
      </Route>
    </Routes>
  );
}
