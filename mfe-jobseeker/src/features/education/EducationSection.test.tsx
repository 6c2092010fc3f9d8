import { jobSeekerMessages, maxGraduationYear } from '@meritmatch/contracts';
import { answer, screen, within } from '@meritmatch/web-testkit';
import { describe, expect, it } from 'vitest';
import { bareProfile, openArea, profile, profileIs, written } from '../../test/fixtures';

const [degree] = profile.education;
const open = () => openArea('/job-seeker/education');
const list = () => screen.getByRole('list', { name: 'Education' });

describe('Education', () => {
  it('lists the entries with year and GPA out of 4.0', async () => {
    profileIs(profile);
    open();
    expect(
      await screen.findByRole('heading', { name: "Bachelor's Degree in Computer Science" }),
    ).toBeInTheDocument();
    expect(list()).toHaveTextContent('University of Hamburg');
    expect(list()).toHaveTextContent('Class of 2018 · GPA 3.70/4.0');
  });

  it('refuses a graduation year or GPA out of range and sends nothing', async () => {
    profileIs(bareProfile);
    const writes = answer('post', '/job-seeker/education', {});
    const { user } = open();
    await user.type(await screen.findByLabelText('Graduation year'), '1949');
    await user.type(screen.getByLabelText('GPA'), '4.5');
    await user.click(screen.getByRole('button', { name: 'Add education' }));
    expect(await screen.findByText('Graduation year must be 1950 or later')).toBeInTheDocument();
    expect(screen.getByText('GPA must be between 0 and 4')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Graduation year'));
    await user.type(screen.getByLabelText('Graduation year'), String(maxGraduationYear() + 1));
    await user.clear(screen.getByLabelText('GPA'));
    await user.type(screen.getByLabelText('GPA'), '3.555');
    await user.click(screen.getByRole('button', { name: 'Add education' }));
    expect(await screen.findByText('Graduation year can be at most 6 years from now')).toBeInTheDocument();
    expect(screen.getByText('GPA can have at most two decimals')).toBeInTheDocument();
    expect(writes).toHaveLength(0);
  });

  it('adds an entry with numbers as numbers, leaving empty optional fields out', async () => {
    profileIs(bareProfile);
    const writes = answer(
      'post',
      '/job-seeker/education',
      written(jobSeekerMessages.educationAdded, profile),
    );
    const { user } = open();
    await user.type(await screen.findByLabelText(/Institution/), 'University of Hamburg');
    await user.selectOptions(screen.getByLabelText(/Degree/), "Bachelor's Degree");
    await user.type(screen.getByLabelText('Graduation year'), '2018');
    await user.click(screen.getByRole('button', { name: 'Add education' }));
    expect(await screen.findByText(jobSeekerMessages.educationAdded)).toBeInTheDocument();
    expect(writes[0]?.body).toEqual({
      institution: 'University of Hamburg',
      degree: "Bachelor's Degree",
      graduationYear: 2018,
    });
    expect(screen.getByLabelText(/Institution/)).toHaveValue('');
    expect(within(list()).getByText('University of Hamburg')).toBeInTheDocument();
  });

  it('edits an entry: the form is filled with it, and Update sends a PUT', async () => {
    profileIs(profile);
    const writes = answer(
      'put',
      `/job-seeker/education/${degree!.id}`,
      written(jobSeekerMessages.educationUpdated, { ...profile, education: [{ ...degree!, gpa: 3.9 }] }),
    );
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Edit education at University of Hamburg' }));
    expect(screen.getByLabelText(/Degree/)).toHaveValue("Bachelor's Degree");
    expect(screen.getByLabelText('Graduation year')).toHaveValue(2018);
    await user.clear(screen.getByLabelText('GPA'));
    await user.type(screen.getByLabelText('GPA'), '3.9');
    await user.click(screen.getByRole('button', { name: 'Update education' }));
    expect(await screen.findByText(jobSeekerMessages.educationUpdated)).toBeInTheDocument();
    expect(writes[0]?.body).toEqual({
      institution: 'University of Hamburg',
      degree: "Bachelor's Degree",
      fieldOfStudy: 'Computer Science',
      graduationYear: 2018,
      gpa: 3.9,
    });
    expect(list()).toHaveTextContent('GPA 3.90/4.0');
  });
});
