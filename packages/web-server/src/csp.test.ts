import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { inlineHashes, inlineHashesFiles, shellContentSecurityPolicy } from './csp';

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

  it('allows inline styles and scripts only by the hashes the build wrote', () => {
    const style = "'sha256-Lobh0XcmOOAQ19KtRzd7w/DOlXw7JZwWwSBdz9Q1w2A='";
    const script = "'sha256-zGlldia8cJX8axm2EVyxaRXD5k/06WqFVypt5HxIGF8='";
    const policy = shellContentSecurityPolicy(
      { apiBaseUrl: '/api', remotes: {} },
      { styles: [style], scripts: [script] },
    );
    expect(policy).toContain(`style-src 'self' ${style};`);
    expect(policy).toContain(`script-src 'self' ${script};`);
    expect(policy).not.toContain('unsafe-inline');
  });
});

describe('the inline hashes of a build', () => {
  const roots: string[] = [];
  const build = (files: { styles?: string; scripts?: string } = {}) => {
    const root = mkdtempSync(join(tmpdir(), 'web-server-csp-'));
    roots.push(root);
    if (files.styles !== undefined) writeFileSync(join(root, inlineHashesFiles.styles), files.styles);
    if (files.scripts !== undefined) writeFileSync(join(root, inlineHashesFiles.scripts), files.scripts);
    return root;
  };
  afterEach(() => {
    for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
  });

  it('reads each hash of the files', () => {
    const root = build({ styles: "'sha256-AAAA+/9=' 'sha256-BBBB'\n", scripts: "'sha256-CCCC='\n" });
    expect(inlineHashes(root)).toEqual({
      styles: ["'sha256-AAAA+/9='", "'sha256-BBBB'"],
      scripts: ["'sha256-CCCC='"],
    });
  });

  it('allows none for a build without the files', () => {
    expect(inlineHashes(build())).toEqual({ styles: [], scripts: [] });
  });

  it('refuses anything but a sha256 source, so the files cannot widen the policy', () => {
    expect(() => inlineHashes(build({ styles: "'sha256-AAAA' 'unsafe-inline'" }))).toThrow(
      "'unsafe-inline' is not a 'sha256-…' source",
    );
    expect(() => inlineHashes(build({ scripts: "'strict-dynamic'" }))).toThrow('is not a');
    expect(() => inlineHashes(build({ scripts: 'https://evil.example' }))).toThrow('is not a');
  });
});
