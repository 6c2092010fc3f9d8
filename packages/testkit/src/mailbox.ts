import type { InfraContext } from './context';
import { eventually } from './wait';

/** One e-mail as Mailpit received it. */
export type ReceivedMail = {
  id: string;
  messageId: string;
  from: { name: string; address: string };
  to: string[];
  subject: string;
  text: string;
  html: string;
};

type MailpitSummary = { ID: string };
type MailpitMessage = {
  ID: string;
  MessageID: string;
  From: { Name: string; Address: string };
  To: Array<{ Address: string }>;
  Subject: string;
  Text: string;
  HTML: string;
};

/** Whether a mail is the link to confirm the address, which every new account is sent at sign-up. */
export const isConfirmationMail = (mail: Pick<ReceivedMail, 'text'>) =>
  mail.text.includes('/confirm-email?token=');

/** The token of the confirmation link in a mail (the link opens the shell's /confirm-email page). */
export const confirmationTokenIn = (mail: Pick<ReceivedMail, 'text'>) => {
  const token = mail.text.match(/\/confirm-email\?token=(\S+)/)?.[1];
  if (!token) throw new Error(`no confirmation link in: ${mail.text}`);
  return decodeURIComponent(token);
};

/**
 * The test Mailpit's inbox, read through its API (`/api/v1`): every test writes to addresses of
 * its own, so it asks only for mail to them and never sees another test's. Every new account is
 * sent a link to confirm its address: unless `withConfirmations`, those are left out, so that a
 * test counts the e-mails of what it does.
 */
export function mailbox(
  infra: Pick<InfraContext, 'mailpitUrl'>,
  { withConfirmations = false }: { withConfirmations?: boolean } = {},
) {
  const api = async <T>(path: string): Promise<T> => {
    const answer = await fetch(`${infra.mailpitUrl}/api/v1${path}`, { signal: AbortSignal.timeout(5000) });
    if (!answer.ok) throw new Error(`Mailpit answered ${answer.status} to ${path}`);
    return (await answer.json()) as T;
  };
  const read = async (id: string): Promise<ReceivedMail> => {
    const message = await api<MailpitMessage>(`/message/${id}`);
    return {
      id: message.ID,
      messageId: message.MessageID,
      from: { name: message.From.Name, address: message.From.Address },
      to: message.To.map((to) => to.Address),
      subject: message.Subject,
      text: message.Text,
      html: message.HTML,
    };
  };
  /** Every e-mail received for `address`, oldest first, confirmation links included. */
  const all = async (address: string): Promise<ReceivedMail[]> => {
    const query = encodeURIComponent(`to:"${address}"`);
    const { messages } = await api<{ messages: MailpitSummary[] }>(`/search?query=${query}&limit=200`);
    const mails = await Promise.all(messages.map((summary) => read(summary.ID)));
    return mails.reverse();
  };
  /** Every e-mail received for `address`, oldest first. */
  const to = async (address: string): Promise<ReceivedMail[]> =>
    (await all(address)).filter((mail) => withConfirmations || !isConfirmationMail(mail));
  return {
    to,
    /** Waits until `address` has received at least `count` e-mails (and answers them all). */
    async waitFor(address: string, count = 1, timeoutMs = 20000) {
      return eventually(
        async () => {
          const mails = await to(address);
          return mails.length >= count ? mails : undefined;
        },
        { what: `${count} e-mail(s) to ${address}`, timeoutMs, intervalMs: 250 },
      );
    },
    /** Waits for `count` links to confirm `address`, and answers their tokens, oldest first. */
    async confirmationTokens(address: string, count = 1, timeoutMs = 20000) {
      return eventually(
        async () => {
          const tokens = (await all(address)).filter(isConfirmationMail).map(confirmationTokenIn);
          return tokens.length >= count ? tokens : undefined;
        },
        { what: `${count} confirmation link(s) to ${address}`, timeoutMs, intervalMs: 250 },
      );
    },
  };
}

export type Mailbox = ReturnType<typeof mailbox>;
