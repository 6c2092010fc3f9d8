import { describe, expect, it } from 'vitest';
import { shellContentSecurityPolicy } from './csp';

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
});
