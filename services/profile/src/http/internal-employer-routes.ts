import { verificationMessages, ZEmployerLookupAnswer, ZVerificationChange } from '@meritmatch/contracts';
import { type AppEnv, validate } from '@meritmatch/service-kit';
import { Hono } from 'hono';
import { z } from 'zod';
import type { EmployerProfileData } from '../data/employer-profiles';
import type { Employers } from '../domain/employers';
import { toCompanyProfileView, toEmployerSummary } from './employer-view';

const ZUserId = z.object({ userId: z.uuid({ message: 'Employer not found' }) });
const ZLookup = z.strictObject({ userIds: z.array(z.uuid()).max(1000) });

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
    .post('/lookup', validate('json', ZLookup), async (c) => {
      const found = await repository.findMany(c.req.valid('json').userIds);
      return c.json(ZEmployerLookupAnswer.parse({ employers: found.map(toEmployerSummary) }));
    });
}
