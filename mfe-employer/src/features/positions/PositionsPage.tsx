import { type Position, positionMessages } from '@meritmatch/contracts';
import { Button, Card, EmptyState, ErrorState, LoadingState } from '@meritmatch/ui';
import { useConfirm } from '@meritmatch/ui/dialogs';
import { LoadError, Notice, type NoticeTone } from '@meritmatch/web-kit';
import { errorMessage } from '@meritmatch/web-session';
import { useState } from 'react';
import { hasStatus } from '../../shared/api-errors';
import { PositionDialog, type PositionEdit } from './PositionDialog';
import { PositionItem } from './PositionItem';
import { useMovePosition, usePositionsQuery } from './positions-query';

export const positionTexts = {
  title: 'Positions',
  intro:
    'The roles you hire for. Searching from a position fills the filters with its skills and leaves out candidates whose private preferences do not fit it; a match request that names one shows the candidate its title, work mode, place, salary band and their matching skills.',
  empty: 'No positions yet.',
  emptyHint: 'Create a position to search from it and to name it in your match requests.',
  notVerified: 'Your account needs to be verified before you can manage positions.',
  loadFailed: 'Your positions could not be loaded.',
  confirmClose: (title: string) =>
    `Close ${title}? It no longer appears when you search or send requests. You can reopen it later.`,
} as const;

type Outcome = { message: string; tone: NoticeTone };
const noOutcome: Outcome = { message: '', tone: 'success' };

/** /employer/positions: the employer's positions, open and closed, with New, Edit, Close / Reopen and Search. */
export function PositionsPage() {
  const query = usePositionsQuery();
  const move = useMovePosition();
  const confirm = useConfirm();
  const [edit, setEdit] = useState<PositionEdit>(null);
  const [outcome, setOutcome] = useState<Outcome>(noOutcome);
  const refused = query.isError && hasStatus(query.error, 403);

  const startNew = () => {
    setOutcome(noOutcome);
    setEdit({ kind: 'new' });
  };
  const onMove = async (position: Position) => {
    setOutcome(noOutcome);
    const closing = position.status === 'open';
    if (
      closing &&
      !(await confirm(positionTexts.confirmClose(position.title), { confirmLabel: 'Close position' }))
    )
      return;
    move.mutate(
      { id: position.id, move: closing ? 'close' : 'reopen' },
      {
        onSuccess: (answer) => setOutcome({ message: answer.message, tone: 'success' }),
        onError: (error) =>
          setOutcome({ message: errorMessage(error, positionMessages.failed), tone: 'error' }),
      },
    );
  };

  return (
    <Card
      title={positionTexts.title}
      actions={
        refused ? null : (
          <Button size="sm" onClick={startNew}>
            New position
          </Button>
        )
      }
    >
      <div className="stack">
        <p className="muted employer-intro">{positionTexts.intro}</p>
        <Notice
          message={outcome.message}
          tone={outcome.tone}
          onDismiss={() => setOutcome(noOutcome)}
          list={query.data}
        />
        {query.isPending ? (
          <LoadingState label="Loading your positions…" />
        ) : refused ? (
          <ErrorState
            title={positionTexts.notVerified}
            description="Positions open as soon as an admin has verified your company profile."
          />
        ) : query.isError ? (
          <LoadError title={positionTexts.loadFailed} query={query} />
        ) : query.data.length === 0 ? (
          <EmptyState
            title={positionTexts.empty}
            description={positionTexts.emptyHint}
            action={<Button onClick={startNew}>New position</Button>}
          />
        ) : (
          <ul className="list" aria-label="Your positions">
            {query.data.map((position) => (
              <PositionItem
                key={position.id}
                position={position}
                moving={move.isPending && move.variables?.id === position.id}
                onEdit={() => {
                  setOutcome(noOutcome);
                  setEdit({ kind: 'edit', position });
                }}
                onMove={() => void onMove(position)}
              />
            ))}
          </ul>
        )}
      </div>
      <PositionDialog
        edit={edit}
        onClose={() => setEdit(null)}
        onSaved={(message) => setOutcome({ message, tone: 'success' })}
      />
    </Card>
  );
}
