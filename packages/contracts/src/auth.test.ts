import { describe, expect, it } from 'vitest';
import { ZLoginRequest, ZRegisterForm, ZRegisterRequest } from './auth';

describe('auth contracts', () => {
  it('uses the spec texts for the registration form', () => {
    const short = ZRegisterForm.safeParse({
      email: 'a@b.co',
      password: '12345',
      confirmPassword: '12345',
      userType: 'employer',
    });
    expect(short.error?.issues[0]?.message).toBe('Password must be at least 6 characters long');
    const mismatch = ZRegisterForm.safeParse({
      email: 'a@b.co',
      password: '123456',
      confirmPassword: '1234567',
      userType: 'employer',
    });
    expect(mismatch.error?.issues[0]).toMatchObject({
      message: 'Passwords do not match',
      path: ['confirmPassword'],
    });
  });

  it('never lets the admin role register and defaults to job_seeker', () => {
    expect(
      ZRegisterRequest.safeParse({ email: 'a@b.co', password: '123456', userType: 'admin' }).success,
    ).toBe(false);
    expect(ZRegisterRequest.parse({ email: ' A@B.co ', password: '123456' })).toEqual({
      email: 'A@B.co',
      password: '123456',
      userType: 'job_seeker',
    });
  });

  it('refuses operator objects and unknown fields', () => {
    expect(ZLoginRequest.safeParse({ email: { $gt: '' }, password: 'x' }).success).toBe(false);
    expect(ZLoginRequest.safeParse({ email: 'a@b.co', password: 'x', role: 'admin' }).success).toBe(false);
  });
});
