import { createContext, useContext } from 'react';
import type { SessionUser } from '@parley/contracts/account';

export const SessionUserContext = createContext<SessionUser | null>(null);

/** The signed-in user; only inside the shell, which renders nothing until the user is known. */
export function useSessionUser(): SessionUser {
  const user = useContext(SessionUserContext);
  if (!user) throw new Error('useSessionUser() is only available inside the console shell');
  return user;
}
