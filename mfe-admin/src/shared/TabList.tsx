import { type KeyboardEvent, useRef } from 'react';

export const tabId = (base: string, key: string) => `${base}-tab-${key}`;
export const panelId = (base: string) => `${base}-panel`;

/**
 * An ARIA tab list whose tabs control the panel `panelId(base)`: one tab in the tab order; the
 * arrows, Home and End move between them and select (automatic activation).
 */
export function TabList<K extends string>({
  base,
  label,
  tabs,
  current,
  onSelect,
}: {
  base: string;
  label: string;
  tabs: readonly { key: K; label: string }[];
  current: K;
  onSelect: (key: K) => void;
}) {
  const refs = useRef<Partial<Record<K, HTMLButtonElement | null>>>({});
  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    // from the tab that has the focus: the selection of a key pressed a moment ago may not
    // have reached `current` yet (the tab lives in the address, which updates in a transition)
    const focused = tabs.find(({ key }) => refs.current[key] === event.target)?.key ?? current;
    const index = tabs.findIndex(({ key }) => key === focused);
    const last = tabs.length - 1;
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
    const { key } = tabs[next]!;
    onSelect(key);
    refs.current[key]?.focus();
  };
  return (
    <div className="tabs admin-tabs" role="tablist" aria-label={label} onKeyDown={move}>
      {tabs.map(({ key, label }) => {
        const selected = key === current;
        return (
          <button
            key={key}
            ref={(element) => {
              refs.current[key] = element;
            }}
            type="button"
            role="tab"
            id={tabId(base, key)}
            className="tab"
            aria-selected={selected}
            aria-controls={panelId(base)}
            tabIndex={selected ? 0 : -1}
            onClick={() => onSelect(key)}
          >
            {label}
          </button>
        );
      })}
    </div>
  );
}
