import { jobSeekerMessages } from '@meritmatch/contracts';
import { answer, screen, waitFor, within } from '@meritmatch/web-testkit';
import { describe, expect, it } from 'vitest';
import { noProfileYet, openArea, profile, profileIs, written } from '../test/fixtures';

type User = ReturnType<typeof openArea>['user'];

/** Florence (a city) and Marlowe (a company) are also the job seeker's first and last name. */
const florence = { ...profile, full_name: 'Florence Marlowe' };

const warningFor = (word: string) => `"${word}" is part of your name. Employers will see it here.`;

/**
 * Each form with a field employers see: how to fill the rest of it, the field that holds a word
 * of the name, what the dialog calls that field, and the call a save makes.
 */
const forms = [
  {
    form: 'experience',
    path: '/job-seeker/experience',
    start: async (user: User) => {
      await user.type(await screen.findByLabelText(/Position/), 'Lab Technician');
      await user.type(screen.getByLabelText(/Start date/), '2020-02-01');
    },
    field: /Company name/,
    label: 'Company name',
    text: 'Florence Labs',
    word: 'Florence',
    submit: 'Add experience',
    write: { method: 'post', path: '/job-seeker/experience' },
    saved: jobSeekerMessages.experienceAdded,
    body: { companyName: 'Florence Labs' },
  },
  {
    form: 'education',
    path: '/job-seeker/education',
    start: async (user: User) => {
      await user.type(await screen.findByLabelText(/Institution/), 'University of Porto');
      await user.selectOptions(screen.getByLabelText(/Degree/), "Master's Degree");
    },
    field: /Field of study/,
    label: 'Field of study',
    text: 'Marlowe studies',
    word: 'Marlowe',
    submit: 'Add education',
    write: { method: 'post', path: '/job-seeker/education' },
    saved: jobSeekerMessages.educationAdded,
    body: { fieldOfStudy: 'Marlowe studies' },
  },
  {
    form: 'certification',
    path: '/job-seeker/certifications',
    start: async (user: User) => {
      await user.type(await screen.findByLabelText(/Certification name/), 'Scrum Master');
      await user.type(screen.getByLabelText(/Issue date/), '2021-04-01');
    },
    field: /Issuer/,
    label: 'Issuer',
    text: 'The marlowe Institute',
    word: 'marlowe',
    submit: 'Add certification',
    write: { method: 'post', path: '/job-seeker/certifications' },
    saved: jobSeekerMessages.certificationAdded,
    body: { issuer: 'The marlowe Institute' },
  },
  {
    form: 'skills',
    path: '/job-seeker/skills',
    start: async () => {
      await screen.findByLabelText('Skill 1');
    },
    field: 'Skill 1',
    label: 'Skill 1',
    text: 'Marlowe scripting',
    word: 'Marlowe',
    submit: 'Save skills',
    write: { method: 'post', path: '/job-seeker/skills' },
    saved: jobSeekerMessages.skillsAdded,
    body: { skills: [{ name: 'Marlowe scripting', proficiencyLevel: 'intermediate' }] },
  },
  {
    form: 'personal details',
    path: '/job-seeker',
    start: async (user: User) => {
      await user.click(await screen.findByRole('button', { name: 'Edit personal details' }));
      await user.clear(await screen.findByLabelText(/Location/));
    },
    field: /Location/,
    label: 'Location',
    text: 'Florence, Italy',
    word: 'Florence',
    submit: 'Save changes',
    write: { method: 'put', path: '/job-seeker/profile' },
    saved: jobSeekerMessages.profileUpdated,
    body: { location: 'Florence, Italy' },
  },
] satisfies {
  form: string;
  path: string;
  /** Opens the form and fills its other required fields. */
  start: (user: User) => Promise<void>;
  field: RegExp | string;
  label: string;
  text: string;
  /** The word of the name in `text`, as typed. */
  word: string;
  submit: string;
  write: { method: 'post' | 'put'; path: string };
  saved: string;
  body: Record<string, unknown>;
}[];

describe.each(forms)('the $form form', (f) => {
  it('warns under the field while it holds a word of the name, politely', async () => {
    profileIs(florence);
    const { user } = openArea(f.path);
    await f.start(user);
    const field = screen.getByLabelText(f.field);
    const region = field.closest('.field')!.querySelector('[role="status"]');
    // the announcing region is there, empty, before there is anything to say
    expect(region).toBeEmptyDOMElement();
    await user.type(field, f.text);
    const warning = await screen.findByText(warningFor(f.word));
    expect(region).toContainElement(warning);
    expect(field.getAttribute('aria-describedby')).toContain(warning.id);
    await user.clear(field);
    await user.type(field, 'Ford');
    expect(region).toBeEmptyDOMElement();
  });

  it('asks once on save: Go back and edit keeps the form, Save anyway saves it', async () => {
    profileIs(florence);
    const writes = answer(f.write.method, f.write.path, written(f.saved, florence));
    const { user } = openArea(f.path);
    await f.start(user);
    const field = screen.getByLabelText(f.field);
    await user.type(field, f.text);
    await user.click(screen.getByRole('button', { name: f.submit }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Employers will see part of your name' });
    expect(dialog).toHaveTextContent(
      `"${f.word}" in ${f.label} is part of your name, and employers will see it.`,
    );
    // the safe answer has the focus
    expect(within(dialog).getByRole('button', { name: 'Go back and edit' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Go back and edit' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await waitFor(() => expect(field).toHaveFocus());
    expect(field).toHaveValue(f.text);
    expect(writes).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: f.submit }));
    const again = await screen.findByRole('alertdialog');
    await user.click(within(again).getByRole('button', { name: 'Save anyway' }));
    expect(await screen.findByText(f.saved)).toBeInTheDocument();
    expect(writes).toHaveLength(1);
    expect(writes[0]?.body).toMatchObject(f.body);
  });
});

describe('words of the name in the forms', () => {
  it('match whole words only, ignoring case and accents', async () => {
    profileIs({ ...profile, full_name: 'José Ann Marlowe' });
    const { user } = openArea('/job-seeker/experience');
    const company = await screen.findByLabelText(/Company name/);
    await user.type(company, 'Annual Marlowes Planning');
    expect(screen.queryByText(/is part of your name/)).not.toBeInTheDocument();
    await user.clear(company);
    await user.type(company, 'JOSE & ann');
    expect(
      await screen.findByText('"JOSE" and "ann" are part of your name. Employers will see them here.'),
    ).toBeInTheDocument();
  });

  it('names every field in the one question, and saves without asking when none holds a word', async () => {
    profileIs(florence);
    const writes = answer(
      'post',
      '/job-seeker/experience',
      written(jobSeekerMessages.experienceAdded, florence),
    );
    const { user } = openArea('/job-seeker/experience');
    await user.type(await screen.findByLabelText(/Company name/), 'Florence Labs');
    await user.type(screen.getByLabelText(/Position/), 'Marlowe specialist');
    await user.type(screen.getByLabelText(/Start date/), '2020-02-01');
    // a description is read by employers with every word of the name hidden: no warning there
    await user.type(screen.getByLabelText('Description'), 'Worked for Florence on Marlowe.');
    expect(screen.getAllByText(/is part of your name/)).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Add experience' }));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent(
      '"Florence" in Company name and "Marlowe" in Position are part of your name, and employers will see them.',
    );
    await user.click(screen.getByRole('button', { name: 'Go back and edit' }));
    await waitFor(() => expect(screen.getByLabelText(/Company name/)).toHaveFocus());
    await user.clear(screen.getByLabelText(/Company name/));
    await user.type(screen.getByLabelText(/Company name/), 'Acme');
    await user.clear(screen.getByLabelText(/Position/));
    await user.type(screen.getByLabelText(/Position/), 'Specialist');
    await user.click(screen.getByRole('button', { name: 'Add experience' }));
    expect(await screen.findByText(jobSeekerMessages.experienceAdded)).toBeInTheDocument();
    expect(writes).toHaveLength(1);
  });

  it('looks for the name being typed when the profile is created', async () => {
    noProfileYet();
    const { user } = openArea();
    await user.type(await screen.findByLabelText(/Location/), 'Florence, Marlowe County');
    expect(screen.queryByText(/part of your name/)).not.toBeInTheDocument();
    await user.type(screen.getByLabelText(/Full name/), 'Florence Marlowe');
    expect(
      await screen.findByText(
        '"Florence" and "Marlowe" are part of your name. Employers will see them here.',
      ),
    ).toBeInTheDocument();
  });
});
