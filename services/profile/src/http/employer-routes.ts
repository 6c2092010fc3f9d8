import { employerMessages, ZCompanyProfileInput } from '@meritmatch/contracts';
import { type AppEnv, validate } from '@meritmatch/service-kit';
import { Hono } from 'hono';
import type { Employers } from '../use-cases/employers';
import { toCompanyProfileView } from './employer-view';

/** `/api/employer/profile`: the employer's own company profile; the role is checked before these routes. */
export function employerRoutes(employers: Employers) {
  return new Hono<AppEnv>()
    .get('/profile', async (c) =>
      c.json({ profile: toCompanyProfileView(await employers.get(c.get('identity').userId)) }),
    )
    .post('/profile', validate('json', ZCompanyProfileInput), async (c) => {
      const profile = await employers.create(c.get('identity').userId, c.req.valid('json'));
      return c.json(
        { message: employerMessages.profileCreated, profile: toCompanyProfileView(profile) },
        201,
      );
    })
    .put('/profile', validate('json', ZCompanyProfileInput), async (c) => {
      const profile = await employers.update(c.get('identity').userId, c.req.valid('json'));
      return c.json({ message: employerMessages.profileUpdated, profile: toCompanyProfileView(profile) });
    });
}
