import { renderComponent, screen, waitFor } from '@meritmatch/web-testkit';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ConfirmProvider, Modal, useConfirm } from './dialogs';

function WithModal() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Edit
      </button>
      <Modal open={open} onOpenChange={setOpen} title="Edit the note">
        <label>
          Note <input />
        </label>
      </Modal>
    </>
  );
}

function WithConfirm({ answers }: { answers: boolean[] }) {
  const confirm = useConfirm();
  return (
    <button type="button" onClick={async () => answers.push(await confirm('Delete this entry?'))}>
      Delete
    </button>
  );
}

describe('dialogs, fetched when first opened', () => {
  it('shows nothing before it opens; opened, it holds the focus and gives it back to its opener when closed', async () => {
    const { user } = renderComponent(<WithModal />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit the note' });
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit' })).toHaveFocus());
  });

  it('answers a confirmation with the button chosen', async () => {
    const answers: boolean[] = [];
    const { user } = renderComponent(
      <ConfirmProvider>
        <WithConfirm answers={answers} />
      </ConfirmProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Please confirm' });
    expect(dialog).toHaveTextContent('Delete this entry?');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(answers).toEqual([true, false]));
  });
});
