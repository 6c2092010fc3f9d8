import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { inlineStyleHashes, inlineStyleHashesFile, shellContentSecurityPolicy } from './csp';

describe("the shell's Content-Security-Policy", () => {
  it('allows the remotes and the API by origin, and nothing inline', () => {
    const policy = shellContentSecurityPolicy({
      apiBaseUrl: 'http://127.0.0.1:4100/api',
      remotes: {
        jobseeker: 'http://127.0.0.1:3001/mf-manifest.json',
        employer: 'http://127.0.0.1:3002/mf-manifest.json',
        admin: 'http://127.0.0.1:3003/mf-manifest.json',
      },
    });
    expect(policy).toContain(
      "script-src 'self' http://127.0.0.1:3001 http://127.0.0.1:3002 http://127.0.0.1:3003",
    );
    expect(policy).toContain(
      "connect-src 'self' http://127.0.0.1:4100 http://127.0.0.1:3001 http://127.0.0.1:3002 http://127.0.0.1:3003",
    );
    expect(policy).not.toContain('unsafe-inline');
    expect(policy).not.toContain('unsafe-eval');
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
  });

  it("is the shell's own origin only behind the one public origin (paths)", () => {
    const policy = shellContentSecurityPolicy({
      apiBaseUrl: '/api',
      remotes: { jobseeker: '/mfe/jobseeker/mf-manifest.json' },
    });
    expect(policy).toContain("script-src 'self';");
    expect(policy).toContain("connect-src 'self';");
  });

  it('allows inline styles only by the hashes the build wrote', () => {
    const hash = "'sha256-Lobh0XcmOOAQ19KtRzd7w/DOlXw7JZwWwSBdz9Q1w2A='";
    const policy = shellContentSecurityPolicy({ apiBaseUrl: '/api', remotes: {} }, [hash]);
    expect(policy).toContain(`style-src 'self' ${hash};`);
    expect(policy).toContain("script-src 'self';");
    expect(policy).not.toContain('unsafe-inline');
  });
});

describe('the inline style hashes of a build', () => {
  const roots: string[] = [];
  const build = (hashes?: string) => {
    const root = mkdtempSync(join(tmpdir(), 'web-server-csp-'));
    roots.push(root);
    if (hashes !== undefined) writeFileSync(join(root, inlineStyleHashesFile), hashes);
    return root;
  };
  afterEach(() => {
    for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
  });

  it('reads each hash of the file', () => {
    const root = build("'sha256-AAAA+/9=' 'sha256-BBBB'\n");
    expect(inlineStyleHashes(root)).toEqual(["'sha256-AAAA+/9='", "'sha256-BBBB'"]);
  });

  it('allows none for a build without the file', () => {
    expect(inlineStyleHashes(build())).toEqual([]);
  });

  it('refuses anything but a sha256 source, so the file cannot widen the policy', () => {
    expect(() => inlineStyleHashes(build("'sha256-AAAA' 'unsafe-inline'"))).toThrow(
      "'unsafe-inline' is not a 'sha256-…' source",
    );
    expect(() => inlineStyleHashes(build('https://evil.example'))).toThrow('is not a');
  });
});
