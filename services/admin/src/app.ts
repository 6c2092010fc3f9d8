import { myDataPath, myDataRoles } from '@meritmatch/contracts';
import { createAreaApp, type ServiceAppBase } from '@meritmatch/service-kit';
import { type AdminRouteDeps, adminRoutes } from './http/admin-routes';
import { adminErrors } from './http/errors';
import { myDataRoutes } from './http/my-data-routes';

export type Deps = ServiceAppBase & AdminRouteDeps;

/** The admin team's service: it reads everything from the owners, with the admin's own token. */
export function createApp({ logger, readiness, verifyToken, ...routes }: Deps) {
  return createAreaApp({
    logger,
    readiness,
    verifyToken,
    service: 'admin',
    domainErrors: adminErrors,
    areas: [
      { prefix: '/api/admin', roles: ['admin'], routes: adminRoutes(routes) },
      // the person's part of "Download my data", which the gateway composes (never routed on its own)
      {
        prefix: myDataPath,
        roles: myDataRoles,
        routes: myDataRoutes({ contactLogs: routes.contactLogs, owners: routes.owners }),
      },
    ],
  });
}
