import { adminQueueTabs } from '@meritmatch/contracts';
import { renderComponent, screen } from '@meritmatch/web-testkit';
import { describe, expect, it, vi } from 'vitest';
import { StatusTabs } from './StatusTabs';

describe('the status tabs', () => {
  it('moves from the focused tab when keys come faster than the selection', async () => {
    const onSelect = vi.fn();
    // the parent has not re-rendered yet: `current` stays Pending while the keys arrive
    const { user } = renderComponent(<StatusTabs base="queue" current="pending" onSelect={onSelect} />);
    screen.getByRole('tab', { name: 'Pending' }).focus();
    await user.keyboard('{End}{ArrowRight}{ArrowRight}{ArrowLeft}{Home}');
    const last = adminQueueTabs.at(-1);
    expect(onSelect.mock.calls.map(([status]) => status)).toEqual([
      last,
      'pending',
      'approved',
      'pending',
      'pending',
    ]);
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Pending' }));
  });
});
