import { Card, EmptyState, ErrorState, LoadingState } from '@meritmatch/ui';
import { LoadError, Notice, type NoticeTone } from '@meritmatch/web-kit';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { hasStatus } from './api-errors';

/** What the page says about its last action: a success or the server's refusal. */
export type Outcome = { message: string; tone: NoticeTone };
export const noOutcome: Outcome = { message: '', tone: 'success' };

export type OwnListTexts = {
  title: string;
  intro: string;
  /** The list's accessible name, e.g. 'Your positions'. */
  label: string;
  loading: string;
  loadFailed: string;
  notVerified: string;
  /** Under `notVerified`: what opens once the company is verified. */
  opensOnVerification: string;
  empty: string;
  emptyHint: string;
};

/**
 * A page of the employer's own things (positions, saved searches): a card with its action in the
 * head, the intro, the outcome of the last action above the list, and the list's states: a
 * spinner, the refusal of an account not verified (403, and then no action), an error with Try
 * again, the empty state with its action, or the items (`children`, each an `li`).
 */
export function OwnList<Item>({
  query,
  texts,
  action,
  emptyAction,
  outcome,
  onDismiss,
  children,
}: {
  query: UseQueryResult<Item[]>;
  texts: OwnListTexts;
  action: ReactNode;
  emptyAction: ReactNode;
  outcome: Outcome;
  onDismiss: () => void;
  children: (items: Item[]) => ReactNode;
}) {
  const refused = query.isError && hasStatus(query.error, 403);
  return (
    <Card title={texts.title} actions={refused ? null : action}>
      <div className="stack">
        <p className="muted employer-intro">{texts.intro}</p>
        <Notice message={outcome.message} tone={outcome.tone} onDismiss={onDismiss} list={query.data} />
        {query.isPending ? (
          <LoadingState label={texts.loading} />
        ) : refused ? (
          <ErrorState title={texts.notVerified} description={texts.opensOnVerification} />
        ) : query.isError ? (
          <LoadError title={texts.loadFailed} query={query} />
        ) : query.data.length === 0 ? (
          <EmptyState title={texts.empty} description={texts.emptyHint} action={emptyAction} />
        ) : (
          <ul className="list" aria-label={texts.label}>
            {children(query.data)}
          </ul>
        )}
      </div>
    </Card>
  );
}
