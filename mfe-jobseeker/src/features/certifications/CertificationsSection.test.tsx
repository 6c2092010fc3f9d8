import { jobSeekerMessages } from '@meritmatch/contracts';
import { answer, screen, within } from '@meritmatch/web-testkit';
import { describe, expect, it } from 'vitest';
import { bareProfile, openArea, profile, profileIs, written } from '../../test/fixtures';

const [aws] = profile.certifications;
const open = () => openArea('/job-seeker/certifications');
const list = () => screen.getByRole('list', { name: 'Certifications' });

describe('Certifications', () => {
  it('lists the entries with their dates, credential and skills', async () => {
    profileIs(profile);
    open();
    expect(await screen.findByRole('heading', { name: 'AWS Certified Developer' })).toBeInTheDocument();
    expect(list()).toHaveTextContent('Issued May 2022 · Expires May 2025 · Credential ID AWS-DEV-1234');
    expect(within(list()).getByRole('link', { name: /View credential/ })).toHaveAttribute(
      'href',
      'https://aws.example/verify/1234',
    );
    expect(
      within(list()).getByRole('list', { name: 'Skills for AWS Certified Developer' }),
    ).toHaveTextContent('AWS');
  });

  it('refuses an expiry before the issue and a credential URL that is no web address', async () => {
    profileIs(bareProfile);
    const writes = answer('post', '/job-seeker/certifications', {});
    const { user } = open();
    await user.type(await screen.findByLabelText(/Certification name/), 'CKA');
    await user.type(screen.getByLabelText(/Issuer/), 'CNCF');
    await user.type(screen.getByLabelText(/Issue date/), '2023-04-01');
    await user.type(screen.getByLabelText(/Expiry date/), '2022-04-01');
    await user.type(screen.getByLabelText('Credential URL'), 'ftp://cncf.example/1');
    await user.click(screen.getByRole('button', { name: 'Add certification' }));
    expect(await screen.findByText('Expiry date must be after the issue date')).toBeInTheDocument();
    expect(screen.getByText('Credential URL must be a web address (https://…)')).toBeInTheDocument();
    expect(writes).toHaveLength(0);
  });

  it('adds an entry, leaving empty optional fields out', async () => {
    profileIs(bareProfile);
    const writes = answer(
      'post',
      '/job-seeker/certifications',
      written(jobSeekerMessages.certificationAdded, profile),
    );
    const { user } = open();
    await user.type(await screen.findByLabelText(/Certification name/), 'AWS Certified Developer');
    await user.type(screen.getByLabelText(/Issuer/), 'Amazon Web Services');
    await user.type(screen.getByLabelText(/Issue date/), '2022-05-10');
    await user.type(screen.getByLabelText('Related skills'), 'AWS, Lambda');
    await user.click(screen.getByRole('button', { name: 'Add certification' }));
    expect(await screen.findByText(jobSeekerMessages.certificationAdded)).toBeInTheDocument();
    expect(writes[0]?.body).toEqual({
      name: 'AWS Certified Developer',
      issuer: 'Amazon Web Services',
      issueDate: '2022-05-10',
      skills: ['AWS', 'Lambda'],
    });
    expect(screen.getByLabelText(/Certification name/)).toHaveValue('');
  });

  it('edits an entry: the form is filled with it, and Update sends a PUT', async () => {
    profileIs(profile);
    const writes = answer(
      'put',
      `/job-seeker/certifications/${aws!.id}`,
      written(jobSeekerMessages.certificationUpdated, {
        ...profile,
        certifications: [{ ...aws!, expiry_date: null }],
      }),
    );
    const { user } = open();
    await user.click(
      await screen.findByRole('button', { name: 'Edit certification AWS Certified Developer' }),
    );
    expect(screen.getByLabelText('Credential ID')).toHaveValue('AWS-DEV-1234');
    await user.clear(screen.getByLabelText(/Expiry date/));
    await user.click(screen.getByRole('button', { name: 'Update certification' }));
    expect(await screen.findByText(jobSeekerMessages.certificationUpdated)).toBeInTheDocument();
    expect(writes[0]?.body).toEqual({
      name: 'AWS Certified Developer',
      issuer: 'Amazon Web Services',
      issueDate: '2022-05-10',
      credentialId: 'AWS-DEV-1234',
      credentialUrl: 'https://aws.example/verify/1234',
      skills: ['AWS'],
    });
    expect(list()).toHaveTextContent('No expiry');
  });
});
