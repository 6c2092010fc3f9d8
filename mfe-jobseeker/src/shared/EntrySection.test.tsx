import { confirmations, jobSeekerMessages, noSkillMessage } from '@meritmatch/contracts';
import { answer, failure, screen, within } from '@meritmatch/web-testkit';
import { describe, expect, it } from 'vitest';
import { openArea, profile, profileIs, written } from '../test/fixtures';

type User = ReturnType<typeof openArea>['user'];

/** Edits the section's first entry and saves it unchanged. */
const resave = (what: string, noun: string) => async (user: User) => {
  await user.click(await screen.findByRole('button', { name: `Edit ${what}` }));
  await user.click(screen.getByRole('button', { name: `Update ${noun}` }));
};

/** Adds one skill. */
const addSkill = async (user: User) => {
  await user.type(await screen.findByLabelText('Skill 1'), 'Go');
  await user.click(screen.getByRole('button', { name: 'Save skills' }));
};

/** What every list section shares: its empty state, deleting after a confirmation, and its failure texts. */
const sections = [
  {
    section: 'experience',
    list: 'experiences',
    add: 'Add experience',
    required: ['Company name is required', 'Position is required', 'Start date is required'],
    entryId: profile.experiences[0]!.id,
    what: 'experience at Nordhafen Logistics',
    empty: 'No experience added yet',
    confirmation: confirmations.experience,
    deleted: jobSeekerMessages.experienceDeleted,
    deleteFailed: jobSeekerMessages.experienceDeleteFailed,
    save: {
      method: 'put',
      path: `/${profile.experiences[0]!.id}`,
      as: resave('experience at Nordhafen Logistics', 'experience'),
    },
    saveFailed: jobSeekerMessages.experienceFailed,
  },
  {
    section: 'education',
    list: 'education',
    add: 'Add education',
    required: ['Institution is required', 'Please choose a degree'],
    entryId: profile.education[0]!.id,
    what: 'education at University of Hamburg',
    empty: 'No education added yet',
    confirmation: confirmations.education,
    deleted: jobSeekerMessages.educationDeleted,
    deleteFailed: jobSeekerMessages.educationDeleteFailed,
    save: {
      method: 'put',
      path: `/${profile.education[0]!.id}`,
      as: resave('education at University of Hamburg', 'education'),
    },
    saveFailed: jobSeekerMessages.educationFailed,
  },
  {
    section: 'skills',
    list: 'skills',
    add: 'Save skills',
    required: [noSkillMessage],
    entryId: profile.skills[0]!.id,
    what: 'skill Kotlin',
    empty: 'No skills added yet',
    confirmation: confirmations.skill,
    deleted: jobSeekerMessages.skillDeleted,
    deleteFailed: jobSeekerMessages.skillDeleteFailed,
    save: { method: 'post', path: '', as: addSkill },
    saveFailed: jobSeekerMessages.skillsFailed,
  },
  {
    section: 'certifications',
    list: 'certifications',
    add: 'Add certification',
    required: ['Certification name is required', 'Issuer is required', 'Issue date is required'],
    entryId: profile.certifications[0]!.id,
    what: 'certification AWS Certified Developer',
    empty: 'No certifications added yet',
    confirmation: confirmations.certification,
    deleted: jobSeekerMessages.certificationDeleted,
    deleteFailed: jobSeekerMessages.certificationDeleteFailed,
    save: {
      method: 'put',
      path: `/${profile.certifications[0]!.id}`,
      as: resave('certification AWS Certified Developer', 'certification'),
    },
    saveFailed: jobSeekerMessages.certificationFailed,
  },
] satisfies {
  section: string;
  list: 'experiences' | 'education' | 'skills' | 'certifications';
  /** The submit button of an empty form, and what it then says is missing. */
  add: string;
  required: string[];
  entryId: string;
  what: string;
  empty: string;
  confirmation: string;
  deleted: string;
  deleteFailed: string;
  /** How a user saves in this section, and the call it makes (`path` after the section's). */
  save: { method: 'put' | 'post'; path: string; as: (user: User) => Promise<void> };
  saveFailed: string;
}[];

describe.each(sections)('the $section section', (s) => {
  const path = `/job-seeker/${s.section}`;
  const deleteButton = () => screen.findByRole('button', { name: `Delete ${s.what}` });
  const entries: readonly { id: string }[] = profile[s.list];
  const without = { ...profile, [s.list]: entries.filter((entry) => entry.id !== s.entryId) };

  it('shows its empty state when the profile has no entry', async () => {
    profileIs({ ...profile, [s.list]: [] });
    openArea(path);
    expect(await screen.findByText(s.empty)).toBeInTheDocument();
  });

  it('says what is missing and sends nothing', async () => {
    profileIs(profile);
    const writes = answer('post', path, {});
    const { user } = openArea(path);
    await user.click(await screen.findByRole('button', { name: s.add }));
    for (const problem of s.required) expect(await screen.findByText(problem)).toBeInTheDocument();
    expect(writes).toHaveLength(0);
  });

  it('deletes an entry only after the confirmation', async () => {
    profileIs(profile);
    const deletes = answer('delete', `${path}/${s.entryId}`, written(s.deleted, without));
    const { user } = openArea(path);
    await user.click(await deleteButton());
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent(s.confirmation);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(deletes).toHaveLength(0);
    await user.click(await deleteButton());
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(s.deleted)).toBeInTheDocument();
    expect(deletes).toHaveLength(1);
    expect(screen.queryByRole('button', { name: `Delete ${s.what}` })).not.toBeInTheDocument();
  });

  it("shows the server's message, else the fixed text, when deleting fails", async () => {
    profileIs(profile);
    answer('delete', `${path}/${s.entryId}`, failure('Not found', 'NOT_FOUND'), { status: 404 });
    const { user } = openArea(path);
    const confirmDelete = async () => {
      await user.click(await deleteButton());
      await user.click(
        within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
      );
    };
    await confirmDelete();
    expect(await screen.findByRole('alert')).toHaveTextContent('Not found');
    answer('delete', `${path}/${s.entryId}`, 'oops', { status: 500 });
    await confirmDelete();
    expect(await screen.findByText(s.deleteFailed)).toBeInTheDocument();
  });

  it("shows the server's message, else the fixed text, when saving fails", async () => {
    profileIs(profile);
    const call = `${path}${s.save.path}`;
    answer(s.save.method, call, failure('Too many entries'), { status: 400 });
    const { user } = openArea(path);
    await s.save.as(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many entries');
    answer(s.save.method, call, 'oops', { status: 500 });
    await user.click(screen.getByRole('button', { name: /^(Update|Save)/ }));
    expect(await screen.findByText(s.saveFailed)).toBeInTheDocument();
  });
});
