import { Card } from '@meritmatch/ui';
import { type KeyboardEvent, useId, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
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
 * /admin/users: the users with their actions, and "Leaving", the erasures under way. Two ARIA
 * tabs: one in the tab order, the arrows, Home and End move between them and select.
 */
export function UsersPage() {
  const base = useId().replaceAll(':', '');
  const { view, go } = useView();
  const refs = useRef<Partial<Record<View, HTMLButtonElement | null>>>({});
  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key)) return;
    event.preventDefault();
    // from the tab that has the focus (the address updates in a transition); with two tabs,
    // every arrow goes to the other one
    const focused = views.find(({ key }) => refs.current[key] === event.target)?.key ?? view;
    const next: View =
      event.key === 'Home'
        ? 'users'
        : event.key === 'End'
          ? 'leaving'
          : focused === 'users'
            ? 'leaving'
            : 'users';
    go(next);
    refs.current[next]?.focus();
  };
  return (
    <Card title="User Management">
      <div className="tabs admin-tabs" role="tablist" aria-label="User Management views" onKeyDown={move}>
        {views.map(({ key, label }) => (
          <button
            key={key}
            ref={(element) => {
              refs.current[key] = element;
            }}
            type="button"
            role="tab"
            id={`${base}-tab-${key}`}
            className="tab"
            aria-selected={key === view}
            aria-controls={`${base}-panel`}
            tabIndex={key === view ? 0 : -1}
            onClick={() => go(key)}
          >
            {label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${base}-panel`} aria-labelledby={`${base}-tab-${view}`}>
        {view === 'users' ? <UsersList /> : <LeavingList />}
      </div>
    </Card>
  );
}
