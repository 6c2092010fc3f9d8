import { ConfirmProvider } from '@meritmatch/ui/dialogs';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { NavLink } from 'react-router-dom';

/**
 * What every area's exposed App wraps its routes in: its own query client (react-query is not
 * a shared module, so each area keeps its cache) and the confirmation dialogs.
 */
export function AreaApp({ children }: { children: ReactNode }) {
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <ConfirmProvider>{children}</ConfirmProvider>
    </QueryClientProvider>
  );
}

export type AreaMenuEntry = { to: string; label: ReactNode; end?: boolean };

/**
 * A titled list of links in an area's side menu; the active entry has aria-current. `onIntent`
 * hears of a link pointed at, touched or focused before it is followed: the time to fetch its
 * page's code.
 */
export function AreaMenu({
  title,
  entries,
  className,
  onIntent,
}: {
  title: string;
  entries: readonly AreaMenuEntry[];
  className?: string;
  onIntent?: (to: string) => void;
}) {
  const titleId = useId();
  return (
    <nav aria-labelledby={titleId} className={className}>
      <h2 className="side-menu__title" id={titleId}>
        {title}
      </h2>
      <ul>
        {entries.map((entry) => (
          <li key={entry.to}>
            <NavLink
              to={entry.to}
              end={entry.end}
              onPointerEnter={onIntent && (() => onIntent(entry.to))}
              onTouchStart={onIntent && (() => onIntent(entry.to))}
              onFocus={onIntent && (() => onIntent(entry.to))}
            >
              {entry.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
