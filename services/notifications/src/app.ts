import { myDataPath, myDataRoles } from '@meritmatch/contracts';
import { createAreaApp, type ServiceAppBase } from '@meritmatch/service-kit';
import type { Owners } from './clients/owners';
import type { DeliveryData } from './data/deliveries';
import { settingsRoutes, templateRoutes } from './http/admin-routes';
import { notificationErrors } from './http/errors';
import { myDataRoutes } from './http/my-data-routes';
import { preferenceRoutes } from './http/preference-routes';
import type { PreferenceSettings } from './use-cases/preference-settings';
import type { Settings } from './use-cases/settings';
import type { Templates } from './use-cases/templates';

export type Deps = ServiceAppBase & {
  preferences: PreferenceSettings;
  templates: Templates;
  settings: Settings;
  /** For "Download my data": the e-mails to a person, and a job seeker's candidate id. */
  deliveries: Pick<DeliveryData, 'forRecipients'>;
  owners: Pick<Owners, 'candidateIdOf'>;
};

/** E-mail: each person's settings, and the admin's Email Templates and System Settings. */
export function createApp({ preferences, templates, settings, deliveries, owners, ...base }: Deps) {
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
      // the person's part of "Download my data", which the gateway composes (never routed on its own)
      {
        prefix: myDataPath,
        roles: myDataRoles,
        routes: myDataRoutes({ preferences, deliveries, owners }),
      },
    ],
  });
}
