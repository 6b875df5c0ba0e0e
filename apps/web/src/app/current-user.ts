/** The signed-in user and permission checks. The UI only reads the server-computed `permissions`. */
import { useQuery } from '@tanstack/react-query';
import { hasAll, type TCurrentUser, type TGrant } from '@sextant/shared/values';
import { meQuery } from '../api/auth.ts';

export function useCurrentUser(): TCurrentUser | undefined {
  return useQuery({ ...meQuery(), meta: { silent: true } }).data;
}

/** The signed-in user inside the main frame (its loader guarantees one). */
export function useRequiredUser(): TCurrentUser {
  const user = useCurrentUser();
  if (!user) throw new Error('No signed-in user');
  return user;
}

export function can(user: Pick<TCurrentUser, 'permissions'> | undefined, required: readonly TGrant[]): boolean {
  if (!user) return false;
  return hasAll(new Set(user.permissions), required);
}

export function useCan(required: readonly TGrant[]): boolean {
  return can(useCurrentUser(), required);
}
