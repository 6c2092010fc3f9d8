import { type MatchStatus, matchStatuses } from '@meritmatch/contracts';
import { capitalize } from '@meritmatch/web-kit';
import { type KeyboardEvent, useRef } from 'react';

export const tabId = (base: string, status: MatchStatus) => `${base}-tab-${status}`;
export const panelId = (base: string) => `${base}-panel`;

/**
 * pending, approved, rejected, connected as an ARIA tab list: one tab in the tab order,
 * arrows, Home and End move between them and select (automatic activation).
 */
export function StatusTabs({
  base,
  current,
  onSelect,
}: {
  base: string;
  current: MatchStatus;
  onSelect: (status: MatchStatus) => void;
}) {
  const refs = useRef<Partial<Record<MatchStatus, HTMLButtonElement | null>>>({});
  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = matchStatuses.indexOf(current);
    const last = matchStatuses.length - 1;
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
    const status = matchStatuses[next]!;
    onSelect(status);
    refs.current[status]?.focus();
  };
  return (
    <div className="tabs admin-tabs" role="tablist" aria-label="Request status" onKeyDown={move}>
      {matchStatuses.map((status) => {
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
            {capitalize(status)}
          </button>
        );
      })}
    </div>
  );
}
