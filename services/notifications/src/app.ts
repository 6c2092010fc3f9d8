import { createAreaApp, type ServiceAppBase } from '@meritmatch/service-kit';
import type { PreferenceSettings } from './domain/preference-settings';
import type { Settings } from './domain/settings';
import type { Templates } from './domain/templates';
import { settingsRoutes, templateRoutes } from './http/admin-routes';
import { notificationErrors } from './http/errors';
import { preferenceRoutes } from './http/preference-routes';

export type Deps = ServiceAppBase & {
  preferences: PreferenceSettings;
  templates: Templates;
  settings: Settings;
};

/** E-mail: each person's settings, and the admin's Email Templates and System Settings. */
export function createApp({ preferences, templates, settings, ...base }: Deps) {
  return createAreaApp({
    ...base,
    service: 'notifications',
    domainErrors: notificationErrors,
    areas: [
      {
        prefix: '/api/job-seeker/notifications',
        roles: ['job_seeker'],
        routes: preferenceRoutes(preferences, 'job_seeker'),
      },
      {
        prefix: '/api/employer/notifications',
        roles: ['employer'],
        routes: preferenceRoutes(preferences, 'employer'),
      },
      {
        prefix: '/api/admin/email-templates',
        roles: ['admin'],
        routes: templateRoutes({ templates, settings }),
      },
      { prefix: '/api/admin/system-settings', roles: ['admin'], routes: settingsRoutes({ settings }) },
    ],
  });
}
