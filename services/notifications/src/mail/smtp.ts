import { createHash } from 'node:crypto';
import { createTransport } from 'nodemailer';

/** One e-mail as this service sends it: plain text, one recipient, a Message-ID of its own. */
export type OutgoingMail = {
  from: { name: string; address: string };
  to: string;
  subject: string;
  text: string;
  /** The delivery's id: the Message-ID is made from it, the same for the same delivery. */
  deliveryId: string;
  kind: string;
};

export type Mailer = {
  send: (mail: OutgoingMail) => Promise<{ messageId: string }>;
  close: () => void;
};

/** The Message-ID of a delivery: stable, so a receiving system can tell a copy; it reveals nothing. */
export const messageIdOf = (deliveryId: string) =>
  `<${createHash('sha256').update(deliveryId).digest('hex').slice(0, 32)}@notifications.meritmatch>`;

/**
 * SMTP through nodemailer, from one URL: `smtp://host:port` (Mailpit locally; STARTTLS when the
 * server offers it), `smtps://user:password@host:465`, or `smtp://user:password@host:587`.
 * Text only: nothing is ever interpreted as HTML, and attachments from files or URLs are off.
 */
export function createSmtpMailer(smtpUrl: string): Mailer {
  const transport = createTransport(
    { url: smtpUrl, connectionTimeout: 10000, greetingTimeout: 10000, socketTimeout: 30000 },
    { disableFileAccess: true, disableUrlAccess: true },
  );
  return {
    async send(mail) {
      const messageId = messageIdOf(mail.deliveryId);
      await transport.sendMail({
        from: mail.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        messageId,
        headers: { 'X-MeritMatch-Kind': mail.kind, 'Auto-Submitted': 'auto-generated' },
      });
      return { messageId };
    },
    close: () => transport.close(),
  };
}

/**
 * What a failed send means. A 5xx answer is the server refusing this message for good (no such
 * mailbox, policy): sending it again changes nothing. Everything else (no connection, a time-out,
 * a 4xx "try later") may work later.
 */
export function classifySendFailure(error: unknown): { reason: string; permanent: boolean } {
  const { code, responseCode, response, message } = (error ?? {}) as {
    code?: string;
    responseCode?: number;
    response?: string;
    message?: string;
  };
  const permanent = typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600;
  const reason = [code, responseCode, response ?? message].filter((part) => part !== undefined).join(' ');
  return { reason: (reason || String(error)).slice(0, 500), permanent };
}
