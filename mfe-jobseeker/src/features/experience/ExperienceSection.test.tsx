import { freshGraduateText, jobSeekerMessages } from '@meritmatch/contracts';
import { answer, screen, within } from '@meritmatch/web-testkit';
import { describe, expect, it } from 'vitest';
import { bareProfile, openArea, profile, profileIs, written } from '../../test/fixtures';

const [current] = profile.experiences;
const open = () => openArea('/job-seeker/experience');
const list = () => screen.getByRole('list', { name: 'Experience' });

describe('Experience', () => {
  it('lists the entries with their period, type and skills', async () => {
    profileIs(profile);
    open();
    expect(await screen.findByRole('heading', { name: 'Backend Developer' })).toBeInTheDocument();
    expect(list()).toHaveTextContent('Nordhafen Logistics');
    expect(list()).toHaveTextContent('Mar 2019 – Present');
    expect(list()).toHaveTextContent('Professional');
    expect(
      within(list()).getByRole('list', { name: 'Skills used at Nordhafen Logistics' }),
    ).toHaveTextContent('PostgreSQL');
  });

  it('adds a current job with endDate null and its skills as a list, then empties the form', async () => {
    profileIs(bareProfile);
    const writes = answer(
      'post',
      '/job-seeker/experience',
      written(jobSeekerMessages.experienceAdded, profile),
    );
    const { user } = open();
    await user.type(await screen.findByLabelText(/Company name/), 'Nordhafen Logistics');
    await user.type(screen.getByLabelText(/Position/), 'Backend Developer');
    await user.type(screen.getByLabelText(/Start date/), '2019-03-01');
    await user.type(screen.getByLabelText(/End date/), '2020-01-01');
    await user.click(screen.getByLabelText('I currently work here'));
    expect(screen.getByLabelText(/End date/)).toBeDisabled();
    await user.type(screen.getByLabelText('Skills used'), 'Kotlin, PostgreSQL, kotlin');
    await user.click(screen.getByRole('button', { name: 'Add experience' }));
    expect(await screen.findByText(jobSeekerMessages.experienceAdded)).toBeInTheDocument();
    expect(writes[0]?.body).toEqual({
      companyName: 'Nordhafen Logistics',
      position: 'Backend Developer',
      startDate: '2019-03-01',
      endDate: null,
      isCurrent: true,
      experienceType: 'professional',
      skills: ['Kotlin', 'PostgreSQL'],
    });
    expect(screen.getByLabelText(/Company name/)).toHaveValue('');
    expect(within(list()).getByText('Backend Developer')).toBeInTheDocument();
  });

  it("hides the form for a fresh graduate and says it's fine", async () => {
    profileIs(bareProfile);
    const { user } = open();
    await user.selectOptions(await screen.findByLabelText('Experience type'), 'none');
    expect(screen.getByTestId('fresh-graduate')).toHaveTextContent(freshGraduateText);
    expect(screen.queryByLabelText(/Company name/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add experience' })).not.toBeInTheDocument();
  });

  it('edits an entry: the form is filled with it, and Update sends a PUT', async () => {
    profileIs(profile);
    const changed = { ...current!, position: 'Lead Developer' };
    const writes = answer(
      'put',
      `/job-seeker/experience/${current!.id}`,
      written(jobSeekerMessages.experienceUpdated, { ...profile, experiences: [changed] }),
    );
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Edit experience at Nordhafen Logistics' }));
    expect(screen.getByRole('heading', { name: 'Edit experience' })).toBeInTheDocument();
    expect(screen.getByLabelText('Experience type')).toHaveValue('professional');
    expect(screen.getByLabelText(/Company name/)).toHaveValue('Nordhafen Logistics');
    expect(screen.getByLabelText('I currently work here')).toBeChecked();
    expect(screen.getByLabelText('Skills used')).toHaveValue('Kotlin, PostgreSQL');
    await user.clear(screen.getByLabelText(/Position/));
    await user.type(screen.getByLabelText(/Position/), 'Lead Developer');
    await user.click(screen.getByRole('button', { name: 'Update experience' }));
    expect(await screen.findByText(jobSeekerMessages.experienceUpdated)).toBeInTheDocument();
    expect(writes[0]?.body).toMatchObject({ position: 'Lead Developer', isCurrent: true, endDate: null });
    expect(screen.getByRole('heading', { name: 'Add experience' })).toBeInTheDocument();
    expect(within(list()).getByText('Lead Developer')).toBeInTheDocument();
  });

  it('resets the form on Cancel', async () => {
    profileIs(profile);
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Edit experience at Nordhafen Logistics' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('heading', { name: 'Add experience' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Company name/)).toHaveValue('');
  });
});
