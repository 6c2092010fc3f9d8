// The confirmation banner's words, in a module of their own without zod: the shell's banner loads
// before a signed-in page's first render, and takes only these (the schemas come with a click).

/** How long a confirmation link works. */
export const emailConfirmationLinkHours = 24;

export const emailConfirmationMessages = {
  /** The shell's banner while the address is not confirmed. */
  banner: 'Your e-mail address is not confirmed yet. Please open the link we sent to it.',
  resend: 'Send the link again',
  sent: `We sent a new confirmation link to your address. It works once, for ${emailConfirmationLinkHours} hours.`,
  confirmed: 'Thank you: your e-mail address is confirmed.',
  alreadyConfirmed: 'Your e-mail address is already confirmed.',
  /** A link that was used, has expired, or was never issued: the same words for each. */
  invalidLink:
    'This confirmation link is not valid any more: it was used, or it has expired. Sign in to send a new one.',
  tooMany: 'Too many confirmation links were sent. Please wait a while and try again.',
} as const;
