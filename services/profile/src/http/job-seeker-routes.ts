import {
  jobSeekerMessages as messages,
  preferencesTexts,
  skillNameMaxLength,
  visibilityTexts,
  ZCertificationInput,
  ZEducationInput,
  ZEntryId,
  ZExperienceInput,
  ZJobPreferences,
  ZJobPreferencesAnswer,
  ZJobPreferencesWriteAnswer,
  ZProfileInput,
  ZSkillSuggestionsAnswer,
  ZSkillSuggestionsQuery,
  ZSkillsInput,
  ZVisibilitySettingsInput,
} from '@meritmatch/contracts';
import { type AppEnv, validate } from '@meritmatch/service-kit';
import { skillVocabulary } from '@meritmatch/skills';
import { type Context, Hono } from 'hono';
import type { JobSeekerProfile } from '../domain/job-seeker-profile';
import type { JobSeekers } from '../use-cases/job-seekers';
import { toProfileView } from './job-seeker-view';

const answer = (c: Context<AppEnv>, message: string, profile: JobSeekerProfile, status: 200 | 201 = 200) =>
  c.json({ message, profile: toProfileView(profile) }, status);

/** `/api/job-seeker/*`: the job seeker's own profile; the role is checked before these routes. */
export function jobSeekerRoutes(jobSeekers: JobSeekers) {
  const me = (c: Context<AppEnv>) => c.get('identity').userId;
  return (
    new Hono<AppEnv>()
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
      // the private job preferences: the candidate's own (and the admins'), never an employer's
      .get('/preferences', async (c) =>
        c.json(ZJobPreferencesAnswer.parse({ preferences: (await jobSeekers.get(me(c))).preferences })),
      )
      .put('/preferences', validate('json', ZJobPreferences), async (c) => {
        const profile = await jobSeekers.updatePreferences(me(c), c.req.valid('json'));
        return c.json(
          ZJobPreferencesWriteAnswer.parse({
            message: preferencesTexts.saved,
            preferences: profile.preferences,
          }),
        );
      })
      .route('/', entryRoutes(jobSeekers, me))
      // the skills vocabulary's names for what the job seeker is typing in the profile builder
      .get('/skill-suggestions', validate('query', ZSkillSuggestionsQuery), (c) => {
        const { q, limit } = c.req.valid('query');
        const suggestions = skillVocabulary()
          .suggest(q, limit * 2)
          .filter((suggestion) => suggestion.name.length <= skillNameMaxLength)
          .slice(0, limit);
        return c.json(ZSkillSuggestionsAnswer.parse({ suggestions }));
      })
      .post('/skills', validate('json', ZSkillsInput), async (c) =>
        answer(c, messages.skillsAdded, await jobSeekers.addSkills(me(c), c.req.valid('json').skills), 201),
      )
      .delete('/skills/:id', validate('param', ZEntryId), async (c) =>
        answer(
          c,
          messages.skillDeleted,
          await jobSeekers.deleteEntry(me(c), 'skills', c.req.valid('param').id),
        ),
      )
  );
}

/** The three lists whose entries are added, edited and deleted one by one: path, contract, texts. */
const entryLists = [
  {
    path: 'experience',
    list: 'experiences',
    input: ZExperienceInput,
    texts: [messages.experienceAdded, messages.experienceUpdated, messages.experienceDeleted],
  },
  {
    path: 'education',
    list: 'education',
    input: ZEducationInput,
    texts: [messages.educationAdded, messages.educationUpdated, messages.educationDeleted],
  },
  {
    path: 'certifications',
    list: 'certifications',
    input: ZCertificationInput,
    texts: [messages.certificationAdded, messages.certificationUpdated, messages.certificationDeleted],
  },
] as const;

/** `POST /{path}`, `PUT /{path}/{id}` and `DELETE /{path}/{id}` of each list. */
function entryRoutes(jobSeekers: JobSeekers, me: (c: Context<AppEnv>) => string) {
  const routes = new Hono<AppEnv>();
  for (const { path, list, input, texts } of entryLists) {
    const [added, updated, deleted] = texts;
    routes
      .post(`/${path}`, validate('json', input), async (c) =>
        answer(c, added, await jobSeekers.addEntry(me(c), list, c.req.valid('json')), 201),
      )
      .put(`/${path}/:id`, validate('param', ZEntryId), validate('json', input), async (c) =>
        answer(
          c,
          updated,
          await jobSeekers.updateEntry(me(c), list, c.req.valid('param').id, c.req.valid('json')),
        ),
      )
      .delete(`/${path}/:id`, validate('param', ZEntryId), async (c) =>
        answer(c, deleted, await jobSeekers.deleteEntry(me(c), list, c.req.valid('param').id)),
      );
  }
  return routes;
}
