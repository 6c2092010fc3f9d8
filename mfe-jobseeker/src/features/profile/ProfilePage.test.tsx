import { ageOn, jobSeekerMessages, latestBirthDate, underAgeMessage } from '@meritmatch/contracts';
import { answer, failure, gate, screen, within } from '@meritmatch/web-testkit';
import { describe, expect, it } from 'vitest';
import { nobodyViewed, noProfileYet, openArea, profile, profileIs, written } from '../../test/fixtures';

const created = { ...profile, skills: [], experiences: [], education: [], certifications: [] };

describe('the profile', () => {
  it('shows a spinner, then the anonymous code, the privacy notice and what employers see', async () => {
    const loading = gate();
    const skills = ['Kotlin', 'SQL', 'Go', 'Docker', 'AWS', 'React', 'Rust'].map((name, index) => ({
      id: `e1b2c3d4-000${index}-4a5b-8c6d-7e8f9a0b1c2d`,
      name,
      proficiency_level: 'advanced' as const,
    }));
    nobodyViewed();
    answer('get', '/job-seeker/profile', { profile: { ...profile, skills } }, { wait: loading.closed });
    openArea();
    expect(await screen.findAllByText('Loading your profile…')).not.toHaveLength(0);
    loading.open();
    expect(await screen.findByTestId('unique-code')).toHaveTextContent('EM482913');
    expect(screen.getByTestId('privacy-notice')).toHaveTextContent('never shared with employers');
    expect(screen.getByTestId('personal-details')).toHaveTextContent(
      `15 Jun 1994 (age ${ageOn(profile.date_of_birth, new Date())})`,
    );
    const preview = screen.getByTestId('employer-preview');
    expect(within(preview).getByText('+2 more')).toBeInTheDocument();
    expect(preview).not.toHaveTextContent('Clara Schmidt');
    expect(preview).not.toHaveTextContent('+49 40 1234567');
    expect(preview.querySelector('mark')).toBeNull();
    expect(screen.queryByTestId('name-words')).not.toBeInTheDocument();
  });

  it('marks words of the name in what employers see, and lists those the preview does not show', async () => {
    const skill = (index: number, name: string) => ({
      id: `e1b2c3d4-000${index}-4a5b-8c6d-7e8f9a0b1c2d`,
      name,
      proficiency_level: 'advanced' as const,
    });
    const [experience] = profile.experiences;
    const [education] = profile.education;
    profileIs({
      ...profile,
      full_name: 'Florence Ann Marlowe',
      location: 'Florence, Italy',
      // the sixth skill is behind '+1 more'
      skills: ['Marlowe scripting', 'SQL', 'Annual reports', 'Go', 'Docker', 'Florence dialect'].map(
        (name, index) => skill(index, name),
      ),
      experiences: [{ ...experience!, company_name: 'Marlowe Motors', description: 'Florence office' }],
      education: [{ ...education!, field_of_study: 'Marlowe-Ann studies' }],
    });
    openArea();
    const preview = await screen.findByTestId('employer-preview');
    const marked = [...preview.querySelectorAll('mark')];
    expect(marked.map((mark) => mark.textContent)).toEqual([
      'Florence (part of your name)',
      'Marlowe (part of your name)',
    ]);
    expect(within(preview).getByRole('list', { name: 'Skills' })).toHaveTextContent(
      'Marlowe (part of your name) scripting',
    );

    const notice = screen.getByTestId('name-words');
    expect(notice).toHaveTextContent('Highlighted words are part of your name, and employers see them.');
    const elsewhere = within(notice).getByRole('list', { name: 'Your name appears in:' });
    // the description is not listed: employers read it with every word of the name hidden
    expect(
      within(elsewhere)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Skill "Florence (part of your name) dialect"',
      'Experience — company "Marlowe (part of your name) Motors"',
      'Education — field of study "Marlowe (part of your name)-Ann (part of your name) studies"',
    ]);
    expect(within(elsewhere).getByRole('link', { name: 'Experience — company' })).toHaveAttribute(
      'href',
      '/job-seeker/experience',
    );
  });

  it('shows the creation form when there is none, and says what is missing', async () => {
    noProfileYet();
    const writes = answer('post', '/job-seeker/profile', {});
    const { user } = openArea();
    await user.click(await screen.findByRole('button', { name: 'Create Profile' }));
    expect(await screen.findByText('Full name is required')).toBeInTheDocument();
    expect(screen.getByText('Location is required')).toBeInTheDocument();
    expect(screen.getByText('Date of birth is required')).toBeInTheDocument();
    expect(writes).toHaveLength(0);
  });

  it('refuses a birth date under 16 years ago at once, and shows the age of an allowed one', async () => {
    noProfileYet();
    const { user } = openArea();
    const birthDate = await screen.findByLabelText(/Date of birth/);
    expect(birthDate).toHaveAttribute('max', latestBirthDate());
    await user.type(birthDate, `${new Date().getUTCFullYear() - 10}-01-01`);
    expect(await screen.findByText(underAgeMessage)).toBeInTheDocument();
    await user.clear(birthDate);
    await user.type(birthDate, '1994-06-15');
    expect(await screen.findByText(`Age: ${ageOn('1994-06-15', new Date())}`)).toBeInTheDocument();
    expect(screen.queryByText(underAgeMessage)).not.toBeInTheDocument();
  });

  it('creates the profile, leaving out blank optional fields, and shows it with its code', async () => {
    noProfileYet();
    const writes = answer('post', '/job-seeker/profile', written(jobSeekerMessages.profileCreated, created));
    const { user } = openArea();
    await user.type(await screen.findByLabelText(/Full name/), 'Clara Schmidt');
    await user.type(screen.getByLabelText(/Location/), 'Hamburg, Germany');
    await user.type(screen.getByLabelText(/Date of birth/), '1994-06-15');
    await user.click(screen.getByRole('button', { name: 'Create Profile' }));
    expect(
      (await screen.findByText(jobSeekerMessages.profileCreated)).closest('[role="status"]'),
    ).toHaveClass('form-message--success');
    expect(writes[0]?.body).toEqual({
      fullName: 'Clara Schmidt',
      location: 'Hamburg, Germany',
      dateOfBirth: '1994-06-15',
    });
    expect(screen.getByTestId('unique-code')).toHaveTextContent('EM482913');
    expect(screen.getByTestId('completion-percentage')).toHaveTextContent('20%');
  });

  it("shows the server's message when creating fails, else the fixed text", async () => {
    noProfileYet();
    answer('post', '/job-seeker/profile', failure('Phone is not valid'), { status: 400 });
    const { user } = openArea();
    await user.type(await screen.findByLabelText(/Full name/), 'Clara Schmidt');
    await user.type(screen.getByLabelText(/Location/), 'Hamburg, Germany');
    await user.type(screen.getByLabelText(/Date of birth/), '1994-06-15');
    await user.click(screen.getByRole('button', { name: 'Create Profile' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Phone is not valid');
    answer('post', '/job-seeker/profile', 'not the error shape', { status: 500 });
    await user.click(screen.getByRole('button', { name: 'Create Profile' }));
    expect(await screen.findByText(jobSeekerMessages.profileFailed)).toBeInTheDocument();
  });

  it('edits the personal details and shows the saved ones', async () => {
    profileIs(profile);
    const writes = answer(
      'put',
      '/job-seeker/profile',
      written(jobSeekerMessages.profileUpdated, { ...profile, location: 'Bremen, Germany', gender: null }),
    );
    const { user } = openArea();
    await user.click(await screen.findByRole('button', { name: 'Edit personal details' }));
    expect(screen.getByLabelText(/Full name/)).toHaveValue('Clara Schmidt');
    expect(screen.getByLabelText(/Gender/)).toHaveValue('female');
    await user.clear(screen.getByLabelText(/Location/));
    await user.type(screen.getByLabelText(/Location/), 'Bremen, Germany');
    await user.selectOptions(screen.getByLabelText(/Gender/), '');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(jobSeekerMessages.profileUpdated)).toBeInTheDocument();
    expect(writes[0]?.body).toEqual({
      fullName: 'Clara Schmidt',
      location: 'Bremen, Germany',
      dateOfBirth: '1994-06-15',
      phone: '+49 40 1234567',
    });
    expect(screen.getByTestId('personal-details')).toHaveTextContent('Bremen, Germany');
    expect(screen.getByTestId('personal-details')).toHaveTextContent('Not specified');
  });

  it('leaves the personal details as they were on Cancel', async () => {
    profileIs(profile);
    const { user } = openArea();
    await user.click(await screen.findByRole('button', { name: 'Edit personal details' }));
    await user.clear(screen.getByLabelText(/Location/));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByTestId('personal-details')).toHaveTextContent('Hamburg, Germany');
  });

  it('shows an error with Try again when the profile cannot be loaded', async () => {
    answer('get', '/job-seeker/profile', failure('down', 'SERVICE_UNAVAILABLE'), { status: 503 });
    const { user } = openArea();
    expect(await screen.findByText('Your profile could not be loaded.')).toBeInTheDocument();
    profileIs(profile);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('unique-code')).toHaveTextContent('EM482913');
  });
});
