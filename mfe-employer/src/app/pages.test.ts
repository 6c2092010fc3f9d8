import { describe, expect, it, vi } from 'vitest';
import { preloadPage } from './pages';

const imported = vi.hoisted(() => new Set<string>());
vi.mock('../features/search/SearchPage', () => {
  imported.add('search');
  return { SearchPage: () => null };
});
vi.mock('../features/requests/RequestsPage', () => {
  imported.add('requests');
  return { RequestsPage: () => null };
});

describe('a page of the employer area opened directly', () => {
  it('loads its code at once, and no other page', async () => {
    preloadPage('/employer/search');
    await vi.waitFor(() => expect(imported).toContain('search'));
    expect(imported).not.toContain('requests');
  });

  it('loads nothing for the company profile, or for a path it does not know', async () => {
    // whatever another test of this file loaded before, these add nothing to it
    const before = [...imported];
    preloadPage('/employer');
    preloadPage('/employer/nowhere');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect([...imported]).toEqual(before);
  });
});
