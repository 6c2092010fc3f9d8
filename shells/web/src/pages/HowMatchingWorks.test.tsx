import { renderRoutes, screen, within } from '@meritmatch/web-testkit';
import { describe, expect, it, vi } from 'vitest';
import { appRoutes } from '../app/router';

vi.mock('@module-federation/enhanced/runtime', () => import('../test/fake-federation'));

describe('/how-matching-works', () => {
  it('describes the filters, the weights of the ranking and what never counts, to anyone', async () => {
    renderRoutes(appRoutes, { path: '/how-matching-works' });
    expect(await screen.findByRole('heading', { level: 1, name: 'How matching works' })).toBeInTheDocument();
    const weights = screen.getByRole('table', { name: 'How much each level counts' });
    expect(
      within(weights)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['LevelCounts', 'Beginner40%', 'Intermediate60%', 'Advanced80%', 'Expert100%']);
    expect(
      screen.getByText(/A required skill counts twice as much as a nice-to-have one/),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/Skills make 70% of the score, experience 15% and\s+education 15%/),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/Employers never see these terms, and\s+they never change a score/),
    ).toBeInTheDocument();
    for (const label of ['Strong fit', 'Good fit', 'Partial fit']) {
      expect(screen.getByText(label)).toBeInTheDocument();
    }
    expect(screen.getByText(/Gender and age are never part of the score/)).toBeInTheDocument();
    expect(
      screen.getByText(/This product uses the ESCO classification of the European Commission/),
    ).toBeInTheDocument();
  });

  it("is linked from the landing page and from every page's footer", async () => {
    renderRoutes(appRoutes, { path: '/' });
    const links = await screen.findAllByRole('link', { name: 'How matching works' });
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/how-matching-works',
      '/how-matching-works',
    ]);
    expect(
      within(screen.getByRole('contentinfo')).getByRole('link', { name: 'How matching works' }),
    ).toBeInTheDocument();
  });
});
