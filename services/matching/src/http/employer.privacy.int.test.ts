import {
  adminAccount,
  call,
  eventually,
  mailbox,
  type Stack,
  seedCandidate,
  seedEmployer,
  startStack,
  type TestAccount,
} from '@meritmatch/testkit';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

/**
 * Job seekers with distinctive personal details, typed into their free text too. The names
 * of things (company, school, skill...) hold the full name, which is hidden there; a single
 * word of the name is hidden only in descriptions, since in a name of a thing it is often a
 * real place or organisation (Florence, Ford).
 */
const people = [
  {
    fullName: 'Philippa Wrexhamstone',
    email: 'philippa.wrex@mailbox.example',
    phone: '+44 20 7946 0958',
    city: 'Cardiff, UK',
    gender: 'female',
  },
  {
    fullName: 'Oluwaseun Thistlewood',
    email: 'seun.thistle@postbox.example',
    phone: '(212) 555-0173',
    city: 'Lagos, Nigeria',
    gender: 'male',
  },
];

describe('privacy: no personal detail in any answer or e-mail to an employer', () => {
  let stack: Stack;
  let employer: TestAccount;
  const answers: string[] = [];
  const employerCall = async (path: string, init: { method?: string; body?: unknown } = {}) => {
    const answer = await call(`${stack.api}/employer${path}`, { ...init, token: employer.token });
    answers.push(answer.text);
    return answer;
  };

  beforeAll(async () => {
    stack = await startStack({
      infra: inject('infra'),
      // with notifications: the employer's e-mails are scanned as well
      processes: ['auth', 'profile', 'matching', 'notifications', 'gateway'],
    });
    employer = await seedEmployer(stack);
  });
  afterAll(() => stack?.close());

  // two job seekers in two cities: each is alike no one, so neither their place, age nor gender
  // may be shown (k = 5), let alone a birth date or an exact age
  it('never shows names, e-mails, phones, birth dates, ages, or a place or gender that singles someone out', async () => {
    const seeded = [];
    for (const person of people) {
      const [first, last] = person.fullName.split(' ');
      seeded.push(
        await seedCandidate(
          stack,
          {
            fullName: person.fullName,
            phone: person.phone,
            location: person.city,
            dateOfBirth: '1987-11-23',
            gender: person.gender,
            skills: [{ name: 'Negotiation' }, { name: `Ask ${person.fullName}` }],
            experiences: [
              {
                companyName: `${person.fullName} & Partners`,
                position: `Assistant to ${person.fullName}`,
                startDate: '2015-03-01',
                isCurrent: true,
                experienceType: 'professional',
                description: `I am ${person.fullName}, ${first} to friends, ${last} at work. Call ${person.phone} or write ${person.email}; portfolio at https://${last?.toLowerCase()}.example/cv`,
              },
            ],
            education: [
              {
                institution: `${person.fullName} Academy`,
                degree: "Bachelor's Degree",
                fieldOfStudy: `Studies with ${person.fullName}`,
              },
            ],
            certifications: [
              {
                name: `${person.fullName} Award`,
                issuer: `${person.fullName} Foundation`,
                issueDate: '2019-05-05',
                credentialId: `${last}-CRED-77`,
                credentialUrl: `https://verify.example/${last}`,
              },
            ],
          },
          person.email,
        ),
      );
    }
    await eventually(
      async () => (await employerCall('/search?skills=negotiation')).body.candidates?.length === 2,
      {
        what: 'both candidates searchable',
      },
    );

    for (const query of [
      '',
      'skills=negotiation',
      'location=uk',
      'skills=ask',
      'experience=senior',
      'education=bachelor',
    ]) {
      await employerCall(`/search?${query}`);
    }
    for (const candidate of seeded) {
      await employerCall(`/candidate/${candidate.candidateId}`);
      const sent = await employerCall('/request-candidate', {
        body: { jobSeekerId: candidate.candidateId, message: 'Hello' },
      });
      const admin = await adminAccount(stack);
      await call(`${stack.url('matching')}/internal/requests/${sent.body.request.id}`, {
        method: 'PUT',
        token: admin.token,
        body: { status: 'approved', adminNotes: 'Approved', contactNote: 'We will introduce you' },
      });
    }
    // the e-mails to the employer: verified, and each approval (only the template and the contact note)
    const mails = await mailbox(inject('infra')).waitFor(employer.email, 3, 30000);
    const approvals = mails.filter((mail) => mail.subject.startsWith('Match approved'));
    expect(approvals).toHaveLength(2);
    for (const mail of approvals) expect(mail.text).toContain('We will introduce you');
    for (const mail of mails) answers.push(mail.subject, mail.text, mail.html);
    const requests = await employerCall('/requests');
    for (const request of requests.body.requests)
      await employerCall(`/unmatch/${request.id}`, { method: 'DELETE' });
    await employerCall('/requests');
    await employerCall('/profile');

    const everything = answers.join('\n').toLowerCase();
    expect(everything).toContain('[name hidden]');
    for (const [index, person] of people.entries()) {
      const [first, last] = person.fullName.split(' ') as [string, string];
      const digits = person.phone.replace(/\D/g, '');
      for (const secret of [
        person.fullName,
        first,
        last,
        person.email,
        person.phone,
        digits.slice(-7),
        '1987-11-23',
        person.city,
        person.city.split(',')[0]!,
        `"gender":"${person.gender}"`,
        `${last}-cred-77`,
        seeded[index]!.id,
      ]) {
        expect(everything, `leaked: ${secret}`).not.toContain(secret.toLowerCase());
      }
    }
    for (const field of [
      'full_name',
      'fullname',
      'email',
      'phone',
      'date_of_birth',
      'age',
      'credential',
      'user_id',
    ]) {
      expect(everything, `field ${field}`).not.toContain(`"${field}"`);
    }
    // the detail carries an age band, and not even that for someone alike no one
    const details = answers.filter((text) => text.includes('"age_band"'));
    expect(details).toHaveLength(2);
    for (const text of details) expect(text).toContain('"age_band":null');
  });
});
