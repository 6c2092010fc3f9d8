import { verificationMessages, ZEmployerLookup, ZVerificationChange } from '@meritmatch/contracts';
import { type AppEnv, validate } from '@meritmatch/service-kit';
import { Hono } from 'hono';
import { z } from 'zod';
import type { EmployerProfileData } from '../data/employer-profiles';
import type { Employers } from '../use-cases/employers';
import { toCompanyProfileView } from './employer-view';
import { employerSummaries } from './lookups';

const ZUserId = z.object({ userId: z.uuid({ message: 'Employer not found' }) });

/** For the admin service only, with the admin's own token: verification and summaries. */
export function internalEmployerRoutes({
  employers,
  repository,
}: {
  employers: Employers;
  repository: Pick<EmployerProfileData, 'findMany'>;
}) {
  return new Hono<AppEnv>()
    .put(
      '/:userId/verification',
      validate('param', ZUserId),
      validate('json', ZVerificationChange),
      async (c) => {
        const { verified } = c.req.valid('json');
        const profile = await employers.setVerification(c.req.valid('param').userId, verified);
        const message = verified ? verificationMessages.verified : verificationMessages.revoked;
        return c.json({ message, profile: toCompanyProfileView(profile) });
      },
    )
    .post('/lookup', validate('json', ZEmployerLookup), async (c) =>
      c.json(await employerSummaries(repository, c.req.valid('json'))),
    );
}
