import { renderComponent, screen } from '@meritmatch/web-testkit';
import { describe, expect, it, vi } from 'vitest';
import { preloadPage } from './pages';
import { SideMenu } from './SideMenu';

const imported = vi.hoisted(() => new Set<string>());
vi.mock('../features/interest/InterestPage', () => {
  imported.add('interest');
  return { InterestPage: () => null };
});
vi.mock('../features/skills/SkillsPage', () => {
  imported.add('skills');
  return { SkillsPage: () => null };
});
vi.mock('../features/visibility/VisibilityPage', () => {
  imported.add('visibility');
  return { VisibilityPage: () => null };
});
vi.mock('react-router-dom', async (original) => ({
  ...(await original<typeof import('react-router-dom')>()),
  // the menu's links without a router around them
  NavLink: ({ to, children, ...rest }: { to: string; children: React.ReactNode }) => (
    <a href={to} {...rest}>
      {children}
    </a>
  ),
}));

const nothingDone = {
  profile: false,
  experience: false,
  education: false,
  skills: false,
  certifications: false,
};

describe("the job seeker area's pages, loaded apart", () => {
  it('loads the page opened, and no other', async () => {
    preloadPage('/job-seeker/interest');
    await vi.waitFor(() => expect(imported).toContain('interest'));
    expect(imported).not.toContain('skills');
  });

  it("loads a page's code when its menu entry is pointed at or focused, before the click", async () => {
    const { user } = renderComponent(<SideMenu done={nothingDone} />);
    await user.hover(screen.getByRole('link', { name: /^Skills/ }));
    await vi.waitFor(() => expect(imported).toContain('skills'));
    expect(imported).not.toContain('visibility');
    screen.getByRole('link', { name: 'Visibility' }).focus();
    await vi.waitFor(() => expect(imported).toContain('visibility'));
  });

  it('loads nothing for a path it does not know', async () => {
    const before = [...imported];
    preloadPage('/job-seeker/nowhere');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect([...imported]).toEqual(before);
  });
});
