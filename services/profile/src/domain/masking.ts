/**
 * Masks contact details in free text that employers will read. A job seeker who writes
 * "call me on +49 170 1234567" or "see linkedin.com/in/jane-doe" would otherwise unmask
 * themselves. Errs on the side of hiding: a masked word costs less than a leaked phone.
 */
export const masks = {
  email: '[email hidden]',
  phone: '[phone hidden]',
  link: '[link hidden]',
  handle: '[handle hidden]',
  name: '[name hidden]',
} as const;

const emailPattern =
  /[\p{L}\p{N}._%+-]+\s*(?:@|\(at\)|\[at\]|\s+at\s+)\s*[\p{L}\p{N}-]+(?:\s*(?:\.|\(dot\)|\[dot\]|\s+dot\s+)\s*[\p{L}\p{N}-]+)*\s*(?:\.|\(dot\)|\[dot\]|\s+dot\s+)\s*[a-z]{2,24}\b/giu;
const urlPattern = /\b(?:https?:\/\/|www\.)[^\s<>"')]+/giu;
// bare domains: with a path, or the usual places people put contact details
const contactDomains =
  'linkedin|github|gitlab|twitter|x|facebook|instagram|t|wa|telegram|wechat|skype|calendly|about|bit|tinyurl|wix|wordpress|medium|behance|dribbble';
const bareDomainPattern = new RegExp(
  `\\b(?:[a-z0-9-]+\\.)*(?:(?:${contactDomains})\\.(?:com|me|ly|org|net|io|co|in|cc)\\b(?:/[^\\s]*)?|[a-z0-9-]+\\.[a-z]{2,12}/[^\\s]+)`,
  'giu',
);
const handlePattern = /(^|[\s(,;:])@[A-Za-z0-9_.]{3,30}\b/gu;
// digits with the separators people type in phone numbers
const phoneCandidate = /(?<![\p{L}\p{N}])\+?\(?\d[\d\s().\-/]{5,}\d(?![\p{L}\p{N}])/gu;
const yearRange = /^(?:19|20)\d{2}\s*[-–/]\s*(?:19|20)\d{2}$/;
const isoDate = /^(?:19|20)\d{2}-\d{2}-\d{2}$/;

function maskPhones(text: string) {
  return text.replace(phoneCandidate, (match) => {
    const digits = match.replace(/\D/g, '').length;
    if (digits < 7 || digits > 15) return match;
    if (yearRange.test(match.trim()) || isoDate.test(match.trim())) return match;
    return masks.phone;
  });
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Words of the person's name worth masking: 2+ letters, so initials stay readable. */
export function nameParts(fullName: string): string[] {
  const parts = fullName
    .split(/[\s,]+/)
    .map((part) => part.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, ''))
    .filter((part) => part.length >= 2);
  return [...new Set([fullName.trim(), ...parts])].sort((a, b) => b.length - a.length);
}

function maskName(text: string, parts: string[]) {
  let masked = text;
  for (const part of parts) {
    const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(part)}(?![\\p{L}\\p{N}])`, 'giu');
    masked = masked.replace(pattern, masks.name);
  }
  return masked;
}

export function maskFreeText(text: string, { fullName }: { fullName: string }): string {
  let masked = text.replace(urlPattern, masks.link);
  masked = masked.replace(emailPattern, masks.email);
  masked = masked.replace(bareDomainPattern, masks.link);
  masked = masked.replace(handlePattern, (_, lead: string) => `${lead}${masks.handle}`);
  masked = maskPhones(masked);
  masked = maskName(masked, nameParts(fullName));
  return masked;
}

export const maskNullable = (text: string | null | undefined, context: { fullName: string }) =>
  text ? maskFreeText(text, context) : null;
