import { type ComponentType, lazy } from 'react';

type Page = () => Promise<{ default: ComponentType }>;

// Each page (and its forms) loads when it is opened, when its menu entry is pointed at or
// focused, or beside the profile for the page the area opened on; the area's own chunk holds
// the frame only. A tab keeps asking this build's chunks for them (kept through a redeploy by the
// server).
const loaderOf: Record<string, Page> = {
  '': () => import('../features/profile/ProfilePage').then((m) => ({ default: m.ProfilePage })),
  experience: () => import('./entry-pages').then((m) => ({ default: m.ExperiencePage })),
  education: () => import('./entry-pages').then((m) => ({ default: m.EducationPage })),
  certifications: () => import('./entry-pages').then((m) => ({ default: m.CertificationsPage })),
  skills: () => import('../features/skills/SkillsPage').then((m) => ({ default: m.SkillsPage })),
  preferences: () =>
    import('../features/preferences/PreferencesPage').then((m) => ({ default: m.PreferencesPage })),
  interest: () => import('../features/interest/InterestPage').then((m) => ({ default: m.InterestPage })),
  visibility: () =>
    import('../features/visibility/VisibilityPage').then((m) => ({ default: m.VisibilityPage })),
};

export const ProfilePage = lazy(loaderOf['']!);
export const ExperiencePage = lazy(loaderOf.experience!);
export const EducationPage = lazy(loaderOf.education!);
export const CertificationsPage = lazy(loaderOf.certifications!);
export const SkillsPage = lazy(loaderOf.skills!);
export const PreferencesPage = lazy(loaderOf.preferences!);
export const InterestPage = lazy(loaderOf.interest!);
export const VisibilityPage = lazy(loaderOf.visibility!);

/** Starts loading the page at `path` (`/job-seeker/skills`), if it is one of the area's. */
export function preloadPage(path: string) {
  const page = path.split('/').filter(Boolean)[1] ?? '';
  loaderOf[page]?.().catch(() => undefined);
}
