import { Navigate, Route, Routes } from 'react-router-dom';
import { InterestPage } from '../features/interest/InterestPage';
import { PreferencesPage } from '../features/preferences/PreferencesPage';
import { ProfilePage } from '../features/profile/ProfilePage';
import { SkillsPage } from '../features/skills/SkillsPage';
import { VisibilityPage } from '../features/visibility/VisibilityPage';
import { EntrySectionPage } from '../shared/EntrySectionPage';
import { RequireProfile } from '../shared/RequireProfile';
import { AreaLayout } from './AreaLayout';
import { certificationsSection, educationSection, experienceSection } from './list-sections';

/** Mounted by the shell under /job-seeker/*: paths here are relative to it. */
export function AreaRoutes() {
  return (
    <Routes>
      <Route element={<AreaLayout />}>
        <Route index element={<ProfilePage />} />
        <Route element={<RequireProfile />}>
          <Route path="experience" element={<EntrySectionPage definition={experienceSection} />} />
          <Route path="education" element={<EntrySectionPage definition={educationSection} />} />
          <Route path="skills" element={<SkillsPage />} />
          <Route path="certifications" element={<EntrySectionPage definition={certificationsSection} />} />
          <Route path="preferences" element={<PreferencesPage />} />
          <Route path="interest" element={<InterestPage />} />
          <Route path="visibility" element={<VisibilityPage />} />
        </Route>
        <Route path="*" element={<Navigate to="/job-seeker" replace />} />
      </Route>
    </Routes>
  );
}
