import {
  digestIntervalMs,
  type SavedSearchInput,
  savedSearchLimit,
  savedSearchMessages,
  savedSearchNamePath,
  ZSavedSearchesAnswer,
  ZSavedSearchWriteAnswer,
  ZSearchDigestReady,
} from '@meritmatch/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { type Account, type MatchingHarness, matchingHarness } from '../testing/harness';

const kubernetes: SavedSearchInput = {
  name: 'Kubernetes people',
  filters: { skills: 'Kubernetes', experience: 'all', education: 'all' },
  digest: true,
};
/** A day and a second: the harness's clock rises by a millisecond a read, so a day exactly may fall short. */
const aDay = digestIntervalMs + 1000;
const skilled = (...names: string[]) => ({
  skills: names.map((name) => ({ name, proficiencyLevel: 'advanced' as const })),
});

describe("an employer's saved searches", () => {
  let h: MatchingHarness;
  let employer: Account;
  const api = (account: Account) => h.as(account, '/api/employer');
  const save = async (input: SavedSearchInput = kubernetes, account = employer) => {
    const answer = await api(account)('/saved-searches', { body: input });
    expect(answer.status, answer.text).toBe(201);
    return ZSavedSearchWriteAnswer.parse(answer.body);
  };
  const list = async (account = employer) =>
    ZSavedSearchesAnswer.parse((await api(account)('/saved-searches')).body).searches;

  beforeEach(async () => {
    h = await matchingHarness();
    employer = await h.employer();
  });

  it('saves, lists, renames, turns the e-mail off and deletes a search', async () => {
    const { message, search } = await save();
    expect(message).toBe(savedSearchMessages.savedWithDigest);
    expect(search).toMatchObject({
      name: 'Kubernetes people',
      filters: { skills: 'Kubernetes', preferred: null, location: null, position_id: null },
      digest: true,
      last_digest_at: null,
    });
    const changed = await api(employer)(`/saved-searches/${search.id}`, {
      method: 'PUT',
      body: { name: 'Cluster people', digest: false },
    });
    expect(changed.body).toMatchObject({
      message: savedSearchMessages.updated,
      search: { name: 'Cluster people', digest: false },
    });
    expect((await list()).map((entry) => entry.name)).toEqual(['Cluster people']);
    const deleted = await api(employer)(`/saved-searches/${search.id}`, { method: 'DELETE' });
    expect(deleted.body).toEqual({ message: savedSearchMessages.deleted });
    expect(await list()).toEqual([]);
  });

  it("shows its position's title, and refuses another employer's position", async () => {
    const position = await api(employer)('/positions', {
      body: {
        title: 'Platform engineer',
        description: 'Clusters.',
        workMode: 'remote',
        country: null,
        salary: { min: 1, max: 2, currency: 'EUR' },
        mustHave: ['Kubernetes'],
        niceToHave: [],
        experience: 'all',
        education: 'all',
        startWithinWeeks: null,
      },
    });
    const positionId = position.body.position.id as string;
    const { search } = await save({
      ...kubernetes,
      filters: { ...kubernetes.filters, position: positionId },
    });
    expect(search).toMatchObject({
      filters: { position_id: positionId },
      position_title: 'Platform engineer',
    });
    const other = await h.employer();
    const refused = await api(other)('/saved-searches', {
      body: { ...kubernetes, filters: { ...kubernetes.filters, position: positionId } },
    });
    expect(refused.status).toBe(404);
    expect(await list(other)).toEqual([]);
  });

  it("never shows, changes or deletes another employer's search, and keeps at most the limit", async () => {
    const { search } = await save();
    const other = await h.employer();
    expect(await list(other)).toEqual([]);
    for (const init of [{ method: 'PUT', body: { name: 'Mine', digest: false } }, { method: 'DELETE' }]) {
      const answer = await api(other)(`/saved-searches/${search.id}`, init);
      expect(answer.status).toBe(404);
      expect(answer.body.message).toBe(savedSearchMessages.notFound);
    }
    expect((await list())[0]?.name).toBe('Kubernetes people');
    for (let saved = 1; saved < savedSearchLimit; saved += 1) await save();
    const over = await api(employer)('/saved-searches', { body: kubernetes });
    expect(over.status).toBe(409);
    expect(over.body.message).toBe(savedSearchMessages.tooMany);
    const bad = await api(employer)('/saved-searches', { body: { ...kubernetes, name: ' ', digest: 'yes' } });
    expect(bad.status).toBe(400);
  });

  describe('the daily digest', () => {
    const digests = () =>
      h.savedSearchStore
        .published()
        .filter((event) => event.type === 'search.digest-ready')
        .map((event) => ZSearchDigestReady.parse(event).data);

    it('lists the new candidates who match, once each, at most once a day, as search would show them', async () => {
      const before = await h.candidate(skilled('Kubernetes'));
      const { search } = await save();
      const fresh = await h.candidate({ skills: [{ name: 'k8s', proficiencyLevel: 'expert' }] });
      const paused = await h.candidate(skilled('Kubernetes'), { paused: true });
      const blocking = await h.candidate(skilled('Kubernetes'), {
        blockedCompanies: [{ name: 'Acme Robotics' }],
      });
      await h.candidate(skilled('Cooking'));

      // not a day yet: nothing is due
      expect(await h.savedSearches.runDue()).toBe(0);
      h.advance(aDay);
      expect(await h.savedSearches.runDue()).toBe(1);
      expect(digests()).toEqual([
        {
          searchId: search.id,
          employerId: employer.id,
          candidates: [{ code: fresh.uniqueCode, matchedSkills: ['k8s'] }],
          more: 0,
          createdAt: expect.any(String),
        },
      ]);
      const codes = JSON.stringify(digests());
      for (const left of [before, paused, blocking]) expect(codes).not.toContain(left.uniqueCode);
      // made: due again only a day later
      expect(await h.savedSearches.runDue()).toBe(0);
      expect((await list())[0]?.last_digest_at).not.toBeNull();

      // a day on: the one listed changed its profile, and is not listed again; a newcomer is
      h.updateProfile(fresh, { skills: [{ name: 'Kubernetes', proficiencyLevel: 'expert' }] });
      const newcomer = await h.candidate(skilled('Kubernetes'));
      h.advance(aDay);
      expect(await h.savedSearches.runDue()).toBe(1);
      expect(digests().at(-1)?.candidates).toEqual([
        { code: newcomer.uniqueCode, matchedSkills: ['Kubernetes'] },
      ]);

      // a day with nobody new: checked, and no e-mail
      h.advance(aDay);
      expect(await h.savedSearches.runDue()).toBe(1);
      expect(digests()).toHaveLength(2);
    });

    it('makes none while the e-mail is off, and for an employer no longer verified', async () => {
      const off = await save({ ...kubernetes, digest: false });
      await save();
      await h.candidate(skilled('Kubernetes'));
      h.setVerification(employer, false);
      h.advance(aDay);
      expect(await h.savedSearches.runDue()).toBe(1);
      expect(digests()).toEqual([]);
      expect(await h.savedSearchStore.load(off.search.id)).toMatchObject({ nextDigestAt: null });
    });

    it("tells notifications the search's name with a service token only, and forgets it with the employer", async () => {
      const { search } = await save();
      const service = await h.service();
      const named = await h.as(service)(`${savedSearchNamePath}/${search.id}`);
      expect(named.body).toEqual({ name: 'Kubernetes people' });
      expect((await h.as(employer)(`${savedSearchNamePath}/${search.id}`)).status).toBe(403);
      await h.erase(employer, 'employer');
      expect((await h.as(service)(`${savedSearchNamePath}/${search.id}`)).status).toBe(404);
    });
  });
});
