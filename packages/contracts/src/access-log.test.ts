import { describe, expect, it } from 'vitest';
import { detailsText, purposeText, ZAccessLogQuery, ZJobSeekerAccessLogEntry } from './access-log';
import {
  encodeAccessReason,
  reasonsFor,
  unknownReasonMessage,
  userManagementReason,
  ZAccessReasonParam,
  ZAccessReasonQuery,
} from './access-reason';

const requestId = '0c6f1c8e-2a47-4f55-9a8b-1f2e3d4c5b6a';
const employerId = '7d2e4f60-1b3c-4d5e-8f9a-0b1c2d3e4f5a';

describe('access reasons', () => {
  it('travel as one query parameter and come back as they were', () => {
    const forRequest = { purpose: 'match-request', requestId, employerId } as const;
    expect(encodeAccessReason(forRequest)).toBe(`match-request:${requestId}:${employerId}`);
    expect(ZAccessReasonParam.parse(encodeAccessReason(forRequest))).toEqual(forRequest);
    expect(ZAccessReasonParam.parse(encodeAccessReason(userManagementReason))).toEqual(userManagementReason);
  });

  it('default to account administration and refuse anything else with one clear message', () => {
    expect(ZAccessReasonQuery.parse({})).toEqual({ reason: userManagementReason });
    for (const bad of [
      'curiosity',
      'match-request',
      `match-request:${requestId}`,
      `match-request:${requestId}:not-an-id`,
      `match-request:${requestId}:${employerId}:extra`,
      'user-management:extra',
    ]) {
      const parsed = ZAccessReasonParam.safeParse(bad);
      expect(parsed.success, bad).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(unknownReasonMessage);
    }
    expect(ZAccessReasonQuery.safeParse({ reason: 'user-management', userId: requestId }).success).toBe(
      false,
    );
  });

  it('are listed once per id, in the order given', () => {
    const forRequest = { purpose: 'match-request', requestId, employerId } as const;
    const reasons = [
      { id: requestId, reason: forRequest },
      { id: employerId, reason: userManagementReason },
      { id: requestId, reason: userManagementReason },
      { id: requestId, reason: forRequest },
    ];
    expect(reasonsFor(requestId, reasons)).toEqual([forRequest, userManagementReason]);
    expect(reasonsFor('someone-else', reasons)).toEqual([]);
  });
});

describe('the access log on screen', () => {
  it('names the details in the order name, e-mail, phone', () => {
    expect(detailsText(['phone', 'name'])).toBe('Name and phone');
    expect(detailsText(['email'])).toBe('E-mail');
    expect(detailsText(['email', 'phone', 'name'])).toBe('Name, e-mail and phone');
  });

  it('says why: the company behind the request, or account administration', () => {
    expect(purposeText('match-request', 'Acme Robotics')).toBe('Match request from Acme Robotics');
    expect(purposeText('match-request', null)).toBe('Match request from an employer');
    expect(purposeText('user-management', null)).toBe('Account administration');
  });

  it('pages with clear messages for a bad page or limit', () => {
    expect(ZAccessLogQuery.parse({})).toEqual({ page: 1, limit: 20 });
    expect(ZAccessLogQuery.parse({ page: '2', limit: '' })).toEqual({ page: 2, limit: 20 });
    expect(ZAccessLogQuery.safeParse({ limit: '500' }).error?.issues[0]?.message).toBe(
      'limit must be at most 100',
    );
    expect(ZAccessLogQuery.safeParse({ limit: 'ten' }).error?.issues[0]?.message).toBe(
      'limit must be a number',
    );
    expect(ZAccessLogQuery.safeParse({ page: '0' }).error?.issues[0]?.message).toBe(
      'page must be at least 1',
    );
    expect(ZAccessLogQuery.safeParse({ userId: requestId }).success).toBe(false);
  });

  it("gives the job seeker no admin's identity: an extra field fails", () => {
    const entry = {
      id: 'r:0000',
      read_at: '2026-05-04T10:00:00.000Z',
      viewer: 'MeritMatch team',
      details: ['name'],
      purpose: 'user-management',
      company_name: null,
    };
    expect(ZJobSeekerAccessLogEntry.parse(entry)).toEqual(entry);
    expect(ZJobSeekerAccessLogEntry.safeParse({ ...entry, admin_user_id: employerId }).success).toBe(false);
    expect(ZJobSeekerAccessLogEntry.safeParse({ ...entry, viewer: 'admin@example.com' }).success).toBe(false);
  });
});
