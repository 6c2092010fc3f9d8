import {
  jobSeekerMessages as messages,
  visibilityTexts,
  ZCertificationInput,
  ZEducationInput,
  ZEntryId,
  ZExperienceInput,
  ZProfileInput,
  ZSkillsInput,
  ZVisibilitySettingsInput,
} from '@meritmatch/contracts';
import { type AppEnv, validate } from '@meritmatch/service-kit';
import { type Context, Hono } from 'hono';
import type { JobSeekerProfile } from '../domain/job-seeker-profile';
import type { JobSeekers } from '../domain/job-seekers';
import { toProfileView } from './job-seeker-view';

const answer = (c: Context<AppEnv>, message: string, profile: JobSeekerProfile, status: 200 | 201 = 200) =>
  c.json({ message, profile: toProfileView(profile) }, status);

/** `/api/job-seeker/*`: the job seeker's own profile; the role is checked before these routes. */
export function jobSeekerRoutes(jobSeekers: JobSeekers) {
  const me = (c: Context<AppEnv>) => c.get('identity').userId;
  return new Hono<AppEnv>()
    .get('/profile', async (c) => c.json({ profile: toProfileView(await jobSeekers.get(me(c))) }))
    .post('/profile', validate('json', ZProfileInput), async (c) =>
      answer(c, messages.profileCreated, await jobSeekers.create(me(c), c.req.valid('json')), 201),
    )
    .put('/profile', validate('json', ZProfileInput), async (c) =>
      answer(c, messages.profileUpdated, await jobSeekers.updateBasics(me(c), c.req.valid('json'))),
    )

    .put('/settings', validate('json', ZVisibilitySettingsInput), async (c) =>
      answer(c, visibilityTexts.saved, await jobSeekers.updateSettings(me(c), c.req.valid('json'))),
    )

    .post('/experience', validate('json', ZExperienceInput), async (c) =>
      answer(c, messages.experienceAdded, await jobSeekers.addExperience(me(c), c.req.valid('json')), 201),
    )
    .put('/experience/:id', validate('param', ZEntryId), validate('json', ZExperienceInput), async (c) =>
      answer(
        c,
        messages.experienceUpdated,
        await jobSeekers.updateExperience(me(c), c.req.valid('param').id, c.req.valid('json')),
      ),
    )
    .delete('/experience/:id', validate('param', ZEntryId), async (c) =>
      answer(
        c,
        messages.experienceDeleted,
        await jobSeekers.deleteExperience(me(c), c.req.valid('param').id),
      ),
    )

    .post('/education', validate('json', ZEducationInput), async (c) =>
      answer(c, messages.educationAdded, await jobSeekers.addEducation(me(c), c.req.valid('json')), 201),
    )
    .put('/education/:id', validate('param', ZEntryId), validate('json', ZEducationInput), async (c) =>
      answer(
        c,
        messages.educationUpdated,
        await jobSeekers.updateEducation(me(c), c.req.valid('param').id, c.req.valid('json')),
      ),
    )
    .delete('/education/:id', validate('param', ZEntryId), async (c) =>
      answer(c, messages.educationDeleted, await jobSeekers.deleteEducation(me(c), c.req.valid('param').id)),
    )

    .post('/skills', validate('json', ZSkillsInput), async (c) =>
      answer(c, messages.skillsAdded, await jobSeekers.addSkills(me(c), c.req.valid('json').skills), 201),
    )
    .delete('/skills/:id', validate('param', ZEntryId), async (c) =>
      answer(c, messages.skillDeleted, await jobSeekers.deleteSkill(me(c), c.req.valid('param').id)),
    )

    .post('/certifications', validate('json', ZCertificationInput), async (c) =>
      answer(
        c,
        messages.certificationAdded,
        await jobSeekers.addCertification(me(c), c.req.valid('json')),
        201,
      ),
    )
    .put(
      '/certifications/:id',
      validate('param', ZEntryId),
      validate('json', ZCertificationInput),
      async (c) =>
        answer(
          c,
          messages.certificationUpdated,
          await jobSeekers.updateCertification(me(c), c.req.valid('param').id, c.req.valid('json')),
        ),
    )
    .delete('/certifications/:id', validate('param', ZEntryId), async (c) =>
      answer(
        c,
        messages.certificationDeleted,
        await jobSeekers.deleteCertification(me(c), c.req.valid('param').id),
      ),
    );
}
