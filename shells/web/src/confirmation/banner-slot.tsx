import { type StoredUser, useSession } from '@meritmatch/web-session';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';

type Banner = typeof import('./ConfirmationBanner').ConfirmationBanner;

let loaded: Banner | undefined;
let loading: Promise<Banner> | undefined;

/** Job seekers and employers whose address is known not to be confirmed; never an admin. */
export const needsConfirmation = (user: StoredUser | undefined) =>
  user !== undefined && user.userType !== 'admin' && user.emailConfirmed === false;

/**
 * The banner's code, with the contracts' texts and schemas, in a chunk of its own: `/` stays
 * without it. A failed load is forgotten, so a later need tries again.
 */
export function loadConfirmationBanner(): Promise<Banner> {
  loading ??= import('./ConfirmationBanner').then(
    (module) => {
      loaded = module.ConfirmationBanner;
      return loaded;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * Where the banner goes, below the navigation and above the page. Its code is state set when
 * loaded, not a `lazy` component under Suspense (React reveals those no sooner than 300 ms
 * after the fallback); loaded before the first render (bootstrap.tsx), it is there in it, so
 * the page below does not move. Nothing is reserved for anyone else.
 */
export function ConfirmationBannerSlot() {
  const { session } = useSession();
  const { pathname } = useLocation();
  const user = session?.user;
  const needed = needsConfirmation(user);
  const [Banner, setBanner] = useState(() => loaded);
  useEffect(() => {
    if (!needed || Banner) return;
    let mounted = true;
    loadConfirmationBanner().then(
      (next) => mounted && setBanner(() => next),
      () => undefined,
    );
    return () => {
      mounted = false;
    };
  }, [needed, Banner]);
  // the confirmation page says itself how the address stands
  if (!user || user.userType === 'admin' || !Banner || pathname === '/confirm-email') return null;
  return <Banner key={user.id} user={user} />;
}
