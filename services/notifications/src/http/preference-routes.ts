import { notificationMessages, ZEmailPreferenceChange } from '@meritmatch/contracts';
import { type AppEnv, validate } from '@meritmatch/service-kit';
import { Hono } from 'hono';
import type { PreferenceHolder } from '../domain/preferences';
import type { PreferenceSettings } from '../use-cases/preference-settings';

/**
 * `/api/job-seeker/notifications` and `/api/employer/notifications`: the signed-in person's own
 * e-mail settings (the role is checked before these routes; the user id is the token's).
 */
export const preferenceRoutes = (preferences: PreferenceSettings, holder: PreferenceHolder) =>
  new Hono<AppEnv>()
    .get('/', async (c) => c.json({ preferences: await preferences.get(c.get('identity').userId, holder) }))
    .put('/', validate('json', ZEmailPreferenceChange), async (c) =>
      c.json({
        message: notificationMessages.preferencesSaved,
        preferences: await preferences.set(c.get('identity').userId, holder, c.req.valid('json')),
      }),
    );
