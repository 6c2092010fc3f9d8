import { answer, failure, gate, screen, waitFor, within } from '@meritmatch/web-testkit';
import { describe, expect, it } from 'vitest';
import {
  appearanceWeeksOf,
  bareProfile,
  noProfileYet,
  openArea,
  profile,
  profileIs,
  waitingRequest,
} from '../test/fixtures';

const sections = ['profile', 'experience', 'education', 'skills', 'certifications'] as const;
const dots = () => sections.map((key) => screen.getByTestId(`dot-${key}`).getAttribute('data-complete'));

describe('the dashboard frame', () => {
  it('shows the title, the Profile Builder menu and a complete profile at 100%', async () => {
    profileIs(profile);
    openArea();
    expect(await screen.findByTestId('unique-code')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Job Seeker Dashboard' })).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Profile Builder' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Profile (complete)',
      'Experience (complete)',
      'Education (complete)',
      'Skills (complete)',
      'Certifications (complete)',
      'Job preferences',
    ]);
    expect(screen.getByTestId('completion-percentage')).toHaveTextContent('100%');
    expect(screen.getByTestId('completion-message')).toHaveTextContent(
      "Profile Complete! You're ready to be discovered by employers.",
    );
    expect(dots()).toEqual(['true', 'true', 'true', 'true', 'true']);
  });

  it('counts each section with an entry as 20% and colours the band', async () => {
    profileIs({ ...bareProfile, skills: profile.skills, education: profile.education });
    openArea();
    expect(await screen.findByTestId('completion-percentage')).toHaveTextContent('60%');
    expect(screen.getByTestId('completion-percentage')).toHaveClass('text-blue');
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '60');
    expect(screen.getByTestId('completion-message')).toHaveTextContent(
      'Good progress! Keep building your profile to attract more opportunities.',
    );
    expect(dots()).toEqual(['true', 'false', 'true', 'true', 'false']);
  });

  it('counts nothing before there is a profile, and sends a list section to its creation', async () => {
    noProfileYet();
    const { user } = openArea('/job-seeker/skills');
    expect(await screen.findByText('Create your profile first')).toBeInTheDocument();
    expect(screen.getByTestId('completion-percentage')).toHaveTextContent('0%');
    expect(dots()).toEqual(['false', 'false', 'false', 'false', 'false']);
    await user.click(screen.getByRole('link', { name: 'Create your profile' }));
    expect(await screen.findByRole('button', { name: 'Create Profile' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/job-seeker');
  });

  it('opens the profile for a path it does not know', async () => {
    profileIs(profile);
    openArea('/job-seeker/nowhere');
    expect(await screen.findByTestId('unique-code')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/job-seeker$/);
  });

  it('keeps the menu while the profile cannot be loaded', async () => {
    answer('get', '/job-seeker/profile', failure('down', 'SERVICE_UNAVAILABLE'), { status: 503 });
    openArea('/job-seeker/education');
    expect(await screen.findByText('Your profile could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Profile Builder' })).toBeInTheDocument();
  });

  it("asks for the Interest page's reads beside the profile when the area opens on it", async () => {
    const held = gate();
    answer('get', '/job-seeker/profile', { profile }, { wait: held.closed });
    const requests = answer('get', '/job-seeker/interest', { requests: [waitingRequest] });
    const weeks = answer('get', '/job-seeker/interest/appearances', { weeks: appearanceWeeksOf() });
    openArea('/job-seeker/interest');
    // the profile has not come yet, and the page's two reads are already under way
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(weeks).toHaveLength(1);
    expect(screen.queryByTestId('interest')).not.toBeInTheDocument();
    held.open();
    expect(await screen.findByText('Brightpath Software')).toBeInTheDocument();
  });

  it('asks for nothing ahead on its other pages', async () => {
    const requests = answer('get', '/job-seeker/interest', { requests: [] });
    profileIs(profile);
    openArea('/job-seeker');
    expect(await screen.findByTestId('unique-code')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('reads the profile once on arrival, for the frame and its page together', async () => {
    const reads = profileIs(profile);
    openArea('/job-seeker');
    expect(await screen.findByTestId('unique-code')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(reads).toHaveLength(1);
  });
});
