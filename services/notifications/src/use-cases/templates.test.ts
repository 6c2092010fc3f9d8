import { emailKindInfo, emailKinds, unknownPlaceholder } from '@meritmatch/contracts';
import { describe, expect, it } from 'vitest';
import { checkTemplate, defaultTemplates, previewOf, renderFor } from './templates';

describe('templates', () => {
  it.each(emailKinds)('%s ships with a template that uses only its placeholders', (kind) => {
    expect(unknownPlaceholder(kind, defaultTemplates[kind])).toBeUndefined();
  });

  it("fills an employer's e-mail only with what that kind may say, whatever it is given", () => {
    const filled = renderFor(
      'request.approved',
      {
        subject: 'Approved {{candidateCode}}',
        body: '{{contactNote}}|{{candidateName}}|{{employerMessage}}',
      },
      {
        candidateCode: 'EM123456',
        contactNote: 'Call Monday',
        candidateName: 'Jane Secret',
        employerMessage: 'x',
      },
    );
    expect(filled).toEqual({ subject: 'Approved EM123456', body: 'Call Monday||' });
  });

  it('refuses to save a placeholder the kind may not use', () => {
    expect(() =>
      checkTemplate('request.approved', { subject: 'x', body: 'Dear {{candidateName}}' }),
    ).toThrowError('template.unknown-placeholder');
    expect(() =>
      checkTemplate('request.received', { subject: 'x', body: 'Dear {{candidateName}}' }),
    ).not.toThrow();
  });

  it('previews with the sample data and the configured sender', () => {
    const preview = previewOf('employer.verified', defaultTemplates['employer.verified'], 'Team MM');
    expect(preview.body).toContain('Hello Acme Robotics,');
    expect(preview.body).toContain('Team MM');
    expect(preview.body).not.toContain('{{');
  });

  it('knows every kind', () => {
    expect(Object.keys(defaultTemplates).sort()).toEqual(Object.keys(emailKindInfo).sort());
  });
});
