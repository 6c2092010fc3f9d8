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

/** A titled list of links in an area's side menu; the active entry has aria-current. */
export function AreaMenu({
  title,
  entries,
  className,
}: {
  title: string;
  entries: readonly AreaMenuEntry[];
  className?: string;
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
            <NavLink to={entry.to} end={entry.end}>
              {entry.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
