import type { SessionView } from '@meritmatch/contracts';
import { Badge, Button, Card, ErrorState, LoadingState } from '@meritmatch/ui';
import { useConfirm } from '@meritmatch/ui/dialogs';
import { formatDateTime, Notice } from '@meritmatch/web-kit';
import { errorMessage, useApi, useFormMessage } from '@meritmatch/web-session';
import { useCallback, useEffect, useState } from 'react';
import { loadAuthContracts } from './AuthCard';

type Loaded = { state: 'loading' } | { state: 'failed' } | { state: 'loaded'; sessions: SessionView[] };

/** GET /auth/sessions, loaded with the page and again after every change (`changes` counts those made elsewhere on the page). */
function useSessions(changes: number) {
  const api = useApi();
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const reload = useCallback(async () => {
    try {
      const { ZSessionsAnswer } = await loadAuthContracts();
      const { sessions } = await api('/auth/sessions', { schema: ZSessionsAnswer });
      setLoaded({ state: 'loaded', sessions });
    } catch {
      setLoaded({ state: 'failed' });
    }
  }, [api]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a change elsewhere on the page means a new list
  useEffect(() => {
    void reload();
  }, [reload, changes]);
  return { loaded, reload };
}

function SessionRow({
  session,
  busy,
  onSignOut,
}: {
  session: SessionView;
  busy: boolean;
  onSignOut: (session: SessionView) => void;
}) {
  return (
    <li className="session-row" data-testid="session-row">
      <div className="session-row__about">
        <p className="session-row__device">
          <strong>{session.device}</strong> {session.current ? <Badge tone="info">This browser</Badge> : null}
        </p>
        <p className="muted session-row__times">
          Signed in {formatDateTime(session.signedInAt)} · Last used {formatDateTime(session.lastUsedAt)}
        </p>
      </div>
      {session.current ? null : (
        <Button
          variant="secondary"
          size="sm"
          busy={busy}
          aria-label={`Sign out ${session.device}, signed in ${formatDateTime(session.signedInAt)}`}
          onClick={() => onSignOut(session)}
        >
          Sign out
        </Button>
      )}
    </li>
  );
}

/**
 * Sessions: every browser and device signed in to the account, this one marked; each other one
 * can be signed out, or all of them at once ("Sign out everywhere else", which keeps this one
 * with a new token: `signOutOthers`).
 */
export function Sessions({
  changes,
  signOutOthers,
}: {
  /** Counts changes made elsewhere on the page that end sessions (a new password). */
  changes: number;
  signOutOthers: () => Promise<string>;
}) {
  const api = useApi();
  const confirm = useConfirm();
  const feedback = useFormMessage();
  const { loaded, reload } = useSessions(changes);
  const [busy, setBusy] = useState<string | null>(null);

  const act = async (key: string, work: () => Promise<string>, failed: string) => {
    feedback.clear();
    setBusy(key);
    try {
      feedback.show(await work());
    } catch (error) {
      feedback.show(errorMessage(error, failed));
    } finally {
      setBusy(null);
      await reload();
    }
  };
  const signOutOne = (session: SessionView) =>
    act(
      session.id,
      async () => {
        const { ZSessionEndedAnswer } = await loadAuthContracts();
        const answer = await api(`/auth/sessions/${session.id}`, {
          method: 'DELETE',
          schema: ZSessionEndedAnswer,
        });
        return answer.message;
      },
      'That device could not be signed out. Please try again.',
    );
  const signOutEverywhereElse = async () => {
    const sure = await confirm(
      'Every other browser and device signed in to your account will be signed out. This one stays signed in.',
      { title: 'Sign out everywhere else?', confirmLabel: 'Sign out everywhere else', tone: 'primary' },
    );
    if (!sure) return;
    await act('others', signOutOthers, 'The other devices could not be signed out. Please try again.');
  };

  const others = loaded.state === 'loaded' ? loaded.sessions.filter((s) => !s.current).length : 0;
  return (
    <Card title="Sessions">
      <div className="stack">
        <Notice message={feedback.message} />
        <p className="muted">
          Where your account is signed in. Signed in on a shared or lost device? Sign it out here.
        </p>
        {loaded.state === 'loading' ? (
          <LoadingState label="Loading your sessions…" />
        ) : loaded.state === 'failed' ? (
          <ErrorState
            title="Your sessions could not be loaded."
            action={
              <Button variant="secondary" size="sm" onClick={() => void reload()}>
                Try again
              </Button>
            }
          />
        ) : (
          <ul className="session-list" aria-label="Signed-in sessions">
            {loaded.sessions.map((session) => (
              <SessionRow
                key={session.id}
                session={session}
                busy={busy === session.id}
                onSignOut={(s) => void signOutOne(s)}
              />
            ))}
          </ul>
        )}
        <div className="form-actions">
          <Button
            variant="secondary"
            busy={busy === 'others'}
            disabled={loaded.state === 'loaded' && others === 0}
            onClick={() => void signOutEverywhereElse()}
          >
            Sign out everywhere else
          </Button>
        </div>
      </div>
    </Card>
  );
}
