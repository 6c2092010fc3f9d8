import { describe, expect, it } from 'vitest';
import { maskFreeText } from './masking';

const jane = { fullName: 'Janet Okonkwo-Smith' };
const mask = (text: string) => maskFreeText(text, jane);

describe('masking free text for employers', () => {
  it.each([
    ['call me on +49 170 1234567 anytime', 'call me on [phone hidden] anytime'],
    ['Phone: (555) 123-4567.', 'Phone: [phone hidden].'],
    ['whatsapp 07700 900123', 'whatsapp [phone hidden]'],
    ['+1-202-555-0143 or 202.555.0143', '[phone hidden] or [phone hidden]'],
    ['mobile 0170/1234567', 'mobile [phone hidden]'],
    ['reach me at 0049 (0)30 12345678', 'reach me at [phone hidden]'],
  ])('hides phone numbers: %s', (input, output) => {
    expect(mask(input)).toBe(output);
  });

  it.each([
    ['write to janet.o+jobs@mail.example.com please', 'write to [email hidden] please'],
    ['JANET@EXAMPLE.ORG', '[email hidden]'],
    ['mail j.smith (at) gmail (dot) com', 'mail [email hidden]'],
    ['reach me: jsmith at outlook dot com', 'reach me: [email hidden]'],
  ])('hides e-mail addresses: %s', (input, output) => {
    expect(mask(input)).toBe(output);
  });

  it.each([
    ['portfolio https://janet.dev/work?ref=cv', 'portfolio [link hidden]'],
    ['see www.janet-smith.com', 'see [link hidden]'],
    ['linkedin.com/in/janet-os and github.com/jos', '[link hidden] and [link hidden]'],
    ['DM me on Twitter @janet_codes', 'DM me on Twitter [handle hidden]'],
  ])('hides links and handles: %s', (input, output) => {
    expect(mask(input)).toBe(output);
  });

  it('hides the candidate own name, whole and in parts, in any case', () => {
    expect(mask('Janet led the team; JANET Okonkwo-Smith signed off')).toBe(
      '[name hidden] led the team; [name hidden] signed off',
    );
    expect(mask('ask for okonkwo-smith at reception')).toBe('ask for [name hidden] at reception');
  });

  it('keeps ordinary professional text', () => {
    const text =
      'Built ASP.NET and Node.js services 2015-2019, cut latency by 40% for 1,200,000 users; ISO 9001 audits; v2.3.1 release on 2021-03-04.';
    expect(mask(text)).toBe(text);
    expect(mask('Jane Street is not Janet')).toBe('Jane Street is not [name hidden]');
  });
});
