import { type ComponentType, lazy } from 'react';

type Page = () => Promise<{ default: ComponentType }>;

// The Overview and the queue come with the area; the other screens (and their forms, with
// react-hook-form) load when first opened, or when their menu entry is pointed at or focused.
// A tab keeps asking this build's chunks for them (kept through a redeploy by the server).
const loaderOf: Record<string, Page> = {
  'contact-log': () =>
    import('../features/contact-log/ContactLogPage').then((m) => ({ default: m.ContactLogPage })),
  'access-log': () =>
    import('../features/access-log/AccessLogPage').then((m) => ({ default: m.AccessLogPage })),
  'search-log': () =>
    import('../features/search-log/SearchLogPage').then((m) => ({ default: m.SearchLogPage })),
  users: () => import('../features/users/UsersPage').then((m) => ({ default: m.UsersPage })),
  'email-templates': () =>
    import('../features/email-templates/EmailTemplatesPage').then((m) => ({ default: m.EmailTemplatesPage })),
  'system-settings': () =>
    import('../features/system-settings/SystemSettingsPage').then((m) => ({ default: m.SystemSettingsPage })),
};

export const ContactLogPage = lazy(loaderOf['contact-log']!);
export const AccessLogPage = lazy(loaderOf['access-log']!);
export const SearchLogPage = lazy(loaderOf['search-log']!);
export const UsersPage = lazy(loaderOf.users!);
export const EmailTemplatesPage = lazy(loaderOf['email-templates']!);
export const SystemSettingsPage = lazy(loaderOf['system-settings']!);

/** Starts loading the page at `path` (`/admin/users`), if it is one that loads apart. */
export function preloadPage(path: string) {
  const page = path.split('/').filter(Boolean)[1] ?? '';
  loaderOf[page]?.().catch(() => undefined);
}
