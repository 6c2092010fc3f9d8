import { describe, expect, it } from 'vitest';
import { EnvError, parseWebServerEnv, shellConfigOf } from './env';

describe("the web server's environment", () => {
  it('defaults to the paths of one public origin, port 3000 on 127.0.0.1; a blank variable counts as unset', () => {
    const env = parseWebServerEnv({ HOST: '', API_BASE_URL: '' });
    expect(env).toMatchObject({ HOST: '127.0.0.1', PORT: 3000 });
    expect(env.ASSETS_ARCHIVE_DIR).toBeUndefined();
    expect(shellConfigOf(env)).toEqual({
      apiBaseUrl: '/api',
      remotes: {
        jobseeker: '/mfe/jobseeker/mf-manifest.json',
        employer: '/mfe/employer/mf-manifest.json',
        admin: '/mfe/admin/mf-manifest.json',
      },
    });
  });

  it('takes the addresses npm start gives it', () => {
    const env = parseWebServerEnv({
      PORT: '3001',
      API_BASE_URL: 'http://127.0.0.1:4100/api',
      MFE_EMPLOYER_MANIFEST: 'http://127.0.0.1:3002/mf-manifest.json',
      ASSETS_ARCHIVE_DIR: '/var/lib/meritmatch/assets',
    });
    expect(env.PORT).toBe(3001);
    expect(env.ASSETS_ARCHIVE_DIR).toBe('/var/lib/meritmatch/assets');
    expect(shellConfigOf(env)).toMatchObject({
      apiBaseUrl: 'http://127.0.0.1:4100/api',
      remotes: { employer: 'http://127.0.0.1:3002/mf-manifest.json' },
    });
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT must be a port number'],
    [{ PORT: '70000' }, 'PORT must be a port number'],
    [{ PORT: '30.5' }, 'PORT must be a port number'],
    [{ API_BASE_URL: 'api.example.com' }, 'API_BASE_URL must be an http(s) URL or a path starting with /'],
    [
      { MFE_ADMIN_MANIFEST: 'ftp://cdn.example/mf-manifest.json' },
      'MFE_ADMIN_MANIFEST must be an http(s) URL or a path starting with /',
    ],
    [
      { MFE_JOBSEEKER_MANIFEST: '//cdn.example/mf-manifest.json' },
      'MFE_JOBSEEKER_MANIFEST must be an http(s) URL or a path starting with /',
    ],
  ])('refuses %o in one line naming the variable', (given, line) => {
    expect(() => parseWebServerEnv(given)).toThrow(new EnvError(line));
  });
});
