import { describe, expect, it } from 'vitest';
import { matchRoute, routeTable } from './routes';

describe('route table', () => {
  it.each([
    ['/api/auth/login', 'auth', undefined],
    ['/api/auth/register', 'auth', undefined],
    ['/api/job-seeker/profile', 'profile', 'job_seeker'],
    ['/api/job-seeker/experience/123', 'profile', 'job_seeker'],
    ['/api/job-seeker/settings', 'profile', 'job_seeker'],
    ['/api/job-seeker/interest', 'matching', 'job_seeker'],
    ['/api/job-seeker/interest/abc', 'matching', 'job_seeker'],
    ['/api/employer/profile', 'profile', 'employer'],
    ['/api/employer/search', 'matching', 'employer'],
    ['/api/employer/candidate/abc', 'matching', 'employer'],
    ['/api/employer/request-candidate', 'matching', 'employer'],
    ['/api/employer/requests', 'matching', 'employer'],
    ['/api/employer/unmatch/abc', 'matching', 'employer'],
    ['/api/admin/stats', 'admin', 'admin'],
    ['/api/admin/users/abc/status', 'admin', 'admin'],
    ['/api/job-seeker/notifications', 'notifications', 'job_seeker'],
    ['/api/employer/notifications', 'notifications', 'employer'],
    ['/api/admin/email-templates', 'notifications', 'admin'],
    ['/api/admin/email-templates/request.approved/preview', 'notifications', 'admin'],
    ['/api/admin/system-settings', 'notifications', 'admin'],
    ['/api/job-seeker/notifications-x', 'profile', 'job_seeker'],
  ])('%s goes to %s (role %s)', (path, area, role) => {
    const rule = matchRoute(path);
    expect(rule?.area).toBe(area);
    expect(rule?.role).toBe(role);
  });

  it('matches whole segments only', () => {
    expect(matchRoute('/api/employer/profiles')?.area).toBe('matching');
    expect(matchRoute('/api/authx/login')).toBeUndefined();
    expect(matchRoute('/api/job-seekers')).toBeUndefined();
    expect(matchRoute('/api/job-seeker/interests')?.area).toBe('profile');
    expect(matchRoute('/api')).toBeUndefined();
    expect(matchRoute('/health')).toBeUndefined();
  });

  it("waits 3 s for the employer's reads from the search index, 10 s for auth's hashing, the default elsewhere", () => {
    expect(matchRoute('/api/employer/search')?.timeoutMs).toBe(3000);
    expect(matchRoute('/api/auth/login')?.timeoutMs).toBe(10000);
    expect(matchRoute('/api/auth/register')?.timeoutMs).toBe(10000);
    expect(matchRoute('/api/employer/candidate/abc')?.timeoutMs).toBe(3000);
    expect(matchRoute('/api/employer/request-candidate')?.timeoutMs).toBeUndefined();
    expect(matchRoute('/api/admin/requests/abc')?.timeoutMs).toBeUndefined();
  });

  it('gives every family except auth a role', () => {
    expect(routeTable.filter((rule) => !rule.role).map((rule) => rule.prefix)).toEqual(['/api/auth']);
  });
});
