import { type AdminQueueTab, adminQueueTabLabels, adminQueueTabs } from '@meritmatch/contracts';
import { type KeyboardEvent, useRef } from 'react';

export const tabId = (base: string, status: AdminQueueTab) => `${base}-tab-${status}`;
export const panelId = (base: string) => `${base}-panel`;

/**
 * pending, approved, rejected, connected (and the requests awaiting the candidate) as an ARIA tab list: one tab in the tab order,
 * arrows, Home and End move between them and select (automatic activation).
 */
export function StatusTabs({
  base,
  current,
  onSelect,
}: {
  base: string;
  current: AdminQueueTab;
  onSelect: (status: AdminQueueTab) => void;
}) {
  const refs = useRef<Partial<Record<AdminQueueTab, HTMLButtonElement | null>>>({});
  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    // from the tab that has the focus: the selection of a key pressed a moment ago may not
    // have reached `current` yet (the tab lives in the address, which updates in a transition)
    const focused = adminQueueTabs.find((status) => refs.current[status] === event.target);
    const index = adminQueueTabs.indexOf(focused ?? current);
    const last = adminQueueTabs.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    const status = adminQueueTabs[next]!;
    onSelect(status);
    refs.current[status]?.focus();
  };
  return (
    <div className="tabs admin-tabs" role="tablist" aria-label="Request status" onKeyDown={move}>
      {adminQueueTabs.map((status) => {
        const selected = status === current;
        return (
          <button
            key={status}
            ref={(element) => {
              refs.current[status] = element;
            }}
            type="button"
            role="tab"
            id={tabId(base, status)}
            className="tab"
            aria-selected={selected}
            aria-controls={panelId(base)}
            tabIndex={selected ? 0 : -1}
            onClick={() => onSelect(status)}
          >
            {adminQueueTabLabels[status]}
          </button>
        );
      })}
    </div>
  );
}
