import { createContext, useContext } from 'react';
import type { User } from '@cw/contract';

/** The signed-in user, provided by the guard (loaded through `lib/api/current-user.ts`). */
export const CurrentUserContext = createContext<User | null>(null);

/**
 * The signed-in user. Only valid below the signed-in guard, which renders nothing of the
 * signed-in area until the user is loaded.
 */
export function useCurrentUser(): User {
  const user = useContext(CurrentUserContext);
  if (!user) throw new Error('useCurrentUser() must be used below the signed-in guard');
  return user;
}
