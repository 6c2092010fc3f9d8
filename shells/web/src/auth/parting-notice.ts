import { useEffect, useState } from 'react';

/**
 * The message for the sign-in page after this browser's session ended because the account
 * itself went ("Delete my account"). It cannot ride on the navigation's state: clearing the
 * session makes the account guard redirect to /login on its own, with its own state, and that
 * redirect may land after ours. So it waits here until the sign-in page takes it, once.
 */
let pending: string | undefined;

export function leaveNotice(message: string) {
  pending = message;
}

/** The waiting message, kept for as long as the page is shown and then forgotten. */
export function usePartingNotice(): string | undefined {
  const [notice] = useState(() => pending);
  useEffect(() => {
    pending = undefined;
  }, []);
  return notice;
}
