/** The link to confirm an address in a mail's text. */
const confirmLink = /\/confirm-email\?token=([^\s"<>]+)/;

type Summary = { ID: string };

/**
 * Confirms the demo's addresses as a person does: the confirmation e-mail is read from Mailpit's
 * API and its link opened through the public API. Waits for each mail (the notifications service
 * sends them as it works through its queue).
 */
export function demoConfirmer({
  inbox,
  call,
  timeoutMs = 120_000,
}: {
  /** Mailpit's base URL. */
  inbox: string;
  call: (path: string, init: { body: unknown }) => Promise<{ status: number; body: unknown }>;
  timeoutMs?: number;
}) {
  const read = async <T>(path: string): Promise<T> => {
    const answer = await fetch(`${inbox}/api/v1${path}`, { signal: AbortSignal.timeout(10_000) });
    if (!answer.ok) throw new Error(`Mailpit answered ${answer.status} to ${path}`);
    return (await answer.json()) as T;
  };
  async function tokenFor(address: string): Promise<string | undefined> {
    const query = encodeURIComponent(`to:"${address}"`);
    const { messages } = await read<{ messages: Summary[] }>(`/search?query=${query}&limit=50`);
    for (const { ID } of messages) {
      const { Text } = await read<{ Text: string }>(`/message/${ID}`);
      const token = Text.match(confirmLink)?.[1];
      if (token) return decodeURIComponent(token);
    }
    return undefined;
  }
  return async (address: string) => {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const token = await tokenFor(address);
      if (token) {
        const answer = await call('/auth/confirm-email', { body: { token } });
        if (answer.status !== 200)
          throw new Error(`confirming ${address} failed: ${answer.status} ${JSON.stringify(answer.body)}`);
        return;
      }
      if (Date.now() > until)
        throw new Error(`no confirmation e-mail reached ${address} in ${timeoutMs / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  };
}
