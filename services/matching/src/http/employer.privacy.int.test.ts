import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { matchRequestsTopic } from '@meritmatch/contracts';
import { createKafka, createLogger } from '@meritmatch/service-kit';
import {
  adminAccount,
  call,
  eventually,
  mailbox,
  type Stack,
  seedCandidate,
  seedEmployer,
  seedRequestStartingAs,
  setCandidateSettings,
  startStack,
  type TestAccount,
  uniqueName,
} from '@meritmatch/testkit';
import type { Consumer } from 'kafkajs';
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

/** What the first person set: consent before contact, and a block list of another company. */
const rival = { name: 'Quillfeather Rival Holdings', website: 'quillfeather-rival.example' };

describe('privacy: no personal detail in any answer or e-mail to an employer, event or log', () => {
  let stack: Stack;
  let employer: TestAccount;
  let consumer: Consumer;
  const events: string[] = [];
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
      // everything the services log, so the scan below has something to read
      logLevel: 'info',
    });
    const kafka = createKafka({
      clientId: 'privacy-test',
      brokers: inject('infra').kafkaBrokers.split(','),
      logger: createLogger('privacy-test', 'silent'),
    });
    consumer = kafka.consumer({ groupId: uniqueName('privacy-test') });
    await consumer.connect();
    await consumer.subscribe({ topic: `${stack.namespace}.${matchRequestsTopic}`, fromBeginning: true });
    await consumer.run({
      eachMessage: async ({ message }) => {
        events.push(message.value!.toString());
      },
    });
    employer = await seedEmployer(stack);
  });
  afterAll(async () => {
    await consumer?.disconnect();
    await stack?.close();
  });

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
    const asking = seeded[0]!;
    await setCandidateSettings(stack, asking, { askBeforeSharing: true, blockedCompanies: [rival] });
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
      const id = await seedRequestStartingAs(
        stack,
        employer,
        candidate,
        candidate === asking ? 'awaiting_candidate' : 'pending',
      );
      await employerCall('/requests');
      if (candidate === asking) {
        const accepted = await call(`${stack.api}/job-seeker/interest/${id}`, {
          method: 'PUT',
          token: candidate.token,
          body: { decision: 'accept' },
        });
        expect(accepted.status).toBe(200);
      }
      const admin = await adminAccount(stack);
      await call(`${stack.url('matching')}/internal/requests/${id}`, {
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

    await eventually(() => events.some((event) => event.includes('"unmatched"')), {
      what: 'the match request events',
    });
    const logs = readdirSync(stack.logDir)
      .filter((file) => file.endsWith('.log'))
      .map((file) => readFileSync(join(stack.logDir, file), 'utf8'));
    expect(logs.join('').length).toBeGreaterThan(0);
    // the candidate's own decisions are events like the admin's, by a job seeker, with no personal detail
    expect(events.join('\n')).toContain('"role":"job_seeker"');

    const everything = answers.join('\n').toLowerCase();
    // nothing of the candidate's settings reaches an employer: no owner, consent, pause or block list
    for (const secret of [
      'quillfeather',
      'rival',
      'askbeforesharing',
      'paused',
      'blocked',
      'owner',
      'awaiting',
      'declined',
      'withdrawn',
    ]) {
      expect(everything, `settings leaked: ${secret}`).not.toContain(secret);
    }
    const elsewhere = { events: events.join('\n').toLowerCase(), logs: logs.join('\n').toLowerCase() };
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
      for (const secret of [person.fullName, first, last, person.email, person.phone, digits.slice(-7)]) {
        for (const [where, text] of Object.entries(elsewhere))
          expect(text, `${secret} in the ${where}`).not.toContain(secret.toLowerCase());
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
