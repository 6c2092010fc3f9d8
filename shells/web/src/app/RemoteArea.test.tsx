import { renderRoutes, screen, sessionOf } from '@meritmatch/web-testkit';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loadArea } from '../federation/areas';
import { remotes } from '../test/fake-federation';
import { freshAreas } from '../test/fresh-areas';
import { appRoutes } from './router';

vi.mock('@module-federation/enhanced/runtime', () => import('../test/fake-federation'));

const openEmployerArea = () => renderRoutes(appRoutes, { path: '/employer', session: sessionOf('employer') });

describe('an area loaded from its remote', () => {
  beforeEach(() => {
    freshAreas();
    // the boundary reports what it caught; the test looks at the screen instead
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('shows a spinner while the remote loads', async () => {
    remotes.hang('mfe_employer');
    openEmployerArea();
    expect(await screen.findAllByText('Loading the employer area…')).not.toHaveLength(0);
  });

  it('shows an area loaded before (preloaded) in its first render, with no spinner', async () => {
    await loadArea('employer');
    openEmployerArea();
    expect(screen.getByTestId('remote-app')).toHaveTextContent('employer area loaded');
    expect(screen.queryByText('Loading the employer area…')).not.toBeInTheDocument();
  });

  it('fails in its own area only, and Try again loads it', async () => {
    remotes.fail('mfe_employer', new Error('Failed to fetch mf-manifest.json'));
    const { user } = openEmployerArea();
    expect(await screen.findByText('The employer area could not be loaded.')).toBeInTheDocument();
    expect(screen.getByTestId('area-error')).toHaveTextContent('temporarily unavailable');
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    remotes.serve('mfe_employer');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('remote-app')).toHaveTextContent('employer area loaded');
    expect(screen.queryByTestId('area-error')).not.toBeInTheDocument();
  });

  it('names the shared module and version an incompatible remote needs', async () => {
    remotes.fail(
      'mfe_employer',
      new Error(
        'Version 19.3.1 from shell of shared singleton module react does not satisfy the requirement of mfe_employer which needs ^20.0.0)',
      ),
    );
    openEmployerArea();
    expect(await screen.findByTestId('area-error')).toHaveTextContent(
      'This version of the employer area needs react ^20.0.0',
    );
  });

  it('catches a crash inside the area and keeps the rest of the page', async () => {
    remotes.serve('mfe_employer', () => {
      throw new Error('a bug in the employer area');
    });
    const { user } = openEmployerArea();
    expect(await screen.findByText('The employer area could not be loaded.')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'MeritMatch' }));
    expect(await screen.findByRole('heading', { name: /Be judged on your skills/ })).toBeInTheDocument();
  });
});
