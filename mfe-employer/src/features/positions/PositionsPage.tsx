import { type Position, positionMessages } from '@meritmatch/contracts';
import { Button } from '@meritmatch/ui';
import { useConfirm } from '@meritmatch/ui/dialogs';
import { errorMessage } from '@meritmatch/web-session';
import { useState } from 'react';
import { noOutcome, type Outcome, OwnList } from '../../shared/OwnList';
import { PositionDialog, type PositionEdit } from './PositionDialog';
import { PositionItem } from './PositionItem';
import { useMovePosition, usePositionsQuery } from './positions-query';

export const positionTexts = {
  title: 'Positions',
  label: 'Your positions',
  loading: 'Loading your positions…',
  intro:
    'The roles you hire for. Searching from a position fills the filters with its skills and leaves out candidates whose private preferences do not fit it; a match request that names one shows the candidate its title, work mode, place, salary band and their matching skills.',
  empty: 'No positions yet.',
  emptyHint: 'Create a position to search from it and to name it in your match requests.',
  notVerified: 'Your account needs to be verified before you can manage positions.',
  opensOnVerification: 'Positions open as soon as an admin has verified your company profile.',
  loadFailed: 'Your positions could not be loaded.',
  confirmClose: (title: string) =>
    `Close ${title}? It no longer appears when you search or send requests. You can reopen it later.`,
} as const;

/** /employer/positions: the employer's positions, open and closed, with New, Edit, Close / Reopen and Search. */
export function PositionsPage() {
  const query = usePositionsQuery();
  const move = useMovePosition();
  const confirm = useConfirm();
  const [edit, setEdit] = useState<PositionEdit>(null);
  const [outcome, setOutcome] = useState<Outcome>(noOutcome);

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
    <>
      <OwnList
        query={query}
        texts={positionTexts}
        action={
          <Button size="sm" onClick={startNew}>
            New position
          </Button>
        }
        emptyAction={<Button onClick={startNew}>New position</Button>}
        outcome={outcome}
        onDismiss={() => setOutcome(noOutcome)}
      >
        {(positions) =>
          positions.map((position) => (
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
          ))
        }
      </OwnList>
      <PositionDialog
        edit={edit}
        onClose={() => setEdit(null)}
        onSaved={(message) => setOutcome({ message, tone: 'success' })}
      />
    </>
  );
}
