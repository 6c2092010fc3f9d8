import { Card } from '@meritmatch/ui';
import { useId } from 'react';
import { useSearchParams } from 'react-router-dom';
import { panelId, TabList, tabId } from '../../shared/TabList';
import { LeavingList } from './LeavingList';
import { UsersList } from './UsersList';

const views = [
  { key: 'users', label: 'Users' },
  { key: 'leaving', label: 'Leaving' },
] as const;
type View = (typeof views)[number]['key'];

/** The view lives in the address (?view=leaving), so it survives a reload. */
function useView() {
  const [params, setParams] = useSearchParams();
  const view: View = params.get('view') === 'leaving' ? 'leaving' : 'users';
  const go = (next: View) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'users') updated.delete('view');
        else updated.set('view', next);
        return updated;
      },
      { replace: true },
    );
  return { view, go };
}

/**
 * /admin/users: the users with their actions, and "Leaving", the erasures under way, as two ARIA
 * tabs (`TabList`).
 */
export function UsersPage() {
  const base = useId().replaceAll(':', '');
  const { view, go } = useView();
  return (
    <Card title="User Management">
      <TabList base={base} label="User Management views" tabs={views} current={view} onSelect={go} />
      <div role="tabpanel" id={panelId(base)} aria-labelledby={tabId(base, view)}>
        {view === 'users' ? <UsersList /> : <LeavingList />}
      </div>
    </Card>
  );
}
