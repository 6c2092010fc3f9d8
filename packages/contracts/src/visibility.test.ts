import { describe, expect, it } from 'vitest';
import { employerRequestStatuses, employerVisibleStatuses } from './matching';
import { employerStatusOf } from './request-lifecycle';
import {
  companyKey,
  domainBlocked,
  domainKey,
  ZBlockedCompanyInput,
  ZVisibilitySettingsInput,
} from './visibility';

describe('company keys', () => {
  it('ignore case, accents, spacing, punctuation and a trailing legal form', () => {
    const same = [
      'Globex',
      'GLOBEX, Inc.',
      'globex inc',
      'Globex Ltd',
      'Glóbex',
      ' globex  corp. ',
      'Globex Co. Ltd',
    ];
    for (const name of same) expect(companyKey(name), name).toBe('globex');
    expect(companyKey('Harbor & Co. Accountants')).toBe(companyKey('Harbor and Co Accountants'));
    expect(companyKey('Pied-Piper')).toBe(companyKey('Pied Piper'));
  });

  it('keep companies apart that differ in a word', () => {
    expect(companyKey('Globex Health')).not.toBe(companyKey('Globex'));
    expect(companyKey('Initech')).not.toBe(companyKey('Initrode'));
    // a legal form alone is still a name
    expect(companyKey('Company')).toBe('company');
  });
});

describe('domain keys', () => {
  it('take the host of a website however it is typed', () => {
    for (const typed of [
      'globex.com',
      'https://www.globex.com/jobs?x=1',
      'HTTP://Globex.com:8080',
      'www.globex.com.',
      'globex.com/about#team',
    ]) {
      expect(domainKey(typed), typed).toBe('globex.com');
    }
    expect(domainKey('careers.globex.co.uk')).toBe('careers.globex.co.uk');
  });

  it('refuse what is not a domain', () => {
    for (const typed of ['globex', '', 'https://', 'not a site.com', 'globex..com']) {
      expect(domainKey(typed), typed).toBeNull();
    }
  });

  it('block a domain and its subdomains, not a look-alike', () => {
    const blocked = new Set(['globex.com']);
    expect(domainBlocked('globex.com', blocked)).toBe(true);
    expect(domainBlocked('careers.globex.com', blocked)).toBe(true);
    expect(domainBlocked('notglobex.com', blocked)).toBe(false);
    expect(domainBlocked('globex.com.evil.example', blocked)).toBe(false);
  });
});

describe('visibility settings input', () => {
  it('takes a block list with optional websites and refuses a website that is not one', () => {
    const parsed = ZVisibilitySettingsInput.parse({
      askBeforeSharing: true,
      paused: false,
      blockedCompanies: [
        { name: ' Globex ', website: '' },
        { name: 'Initech', website: 'initech.example' },
      ],
    });
    expect(parsed.blockedCompanies).toEqual([
      { name: 'Globex', website: null },
      { name: 'Initech', website: 'initech.example' },
    ]);
    expect(parsed.allowedCurrentEmployers).toEqual([]);
    const bad = ZVisibilitySettingsInput.safeParse({
      askBeforeSharing: true,
      paused: false,
      blockedCompanies: [{ name: 'Globex', website: 'globex' }],
    });
    expect(bad.error?.issues[0]?.message).toBe('Please enter a website such as globex.com');
  });
});

describe("the employer's view of a request's status", () => {
  it("never tells the candidate's own steps apart from the admin's", () => {
    expect(employerStatusOf('awaiting_candidate')).toBe('pending');
    expect(employerStatusOf('declined')).toBe('rejected');
    expect(employerStatusOf('withdrawn')).toBe('rejected');
    expect(employerStatusOf('closed')).toBe('rejected');
    for (const status of employerRequestStatuses)
      expect(employerVisibleStatuses).toContain(employerStatusOf(status));
  });
});

describe('the block-list keys on hostile text', () => {
  // a hang detector only, as for masking: a pattern that backtracks would take minutes here
  const perCallBound = 1000;
  const n = 100_000;
  const hostile = [
    `:${'1'.repeat(n)}x`,
    ':'.repeat(n),
    `${'a'.repeat(n)}!`,
    `${'a.'.repeat(n / 2)}.!`,
    `${'a-'.repeat(n / 2)}`,
    '@'.repeat(n),
    `http://${'a'.repeat(n)}@`,
    `${'h'.repeat(n)}://`,
    `x${'\u0301'.repeat(n)}y`,
    '&'.repeat(n),
    `${'inc '.repeat(n / 4)}`,
    `${'www.'.repeat(n / 4)}`,
  ];

  it('answers at once for 100,000 characters of every shape, in the keys and the schema', () => {
    for (const text of hostile) {
      const started = performance.now();
      companyKey(text);
      domainKey(text);
      ZBlockedCompanyInput.safeParse({ name: text, website: text });
      expect(performance.now() - started, `${JSON.stringify(text.slice(0, 12))}…`).toBeLessThan(perCallBound);
    }
  });

  it('still reads what is there', () => {
    expect(domainKey(`https://${'a'.repeat(200)}.com:8080/${'x'.repeat(n)}`)).toBe(`${'a'.repeat(200)}.com`);
    expect(domainKey(`${'a.'.repeat(100)}com`)).toBe(`${'a.'.repeat(100)}com`);
    expect(companyKey(`${'Globex '.repeat(3)}Inc.`)).toBe('globexglobexglobex');
  });
});
