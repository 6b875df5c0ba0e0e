/**
 * The permission check, in a module of its own: the web app's router and shell check permissions on every page, and
 * importing it from permissions.ts put the whole role table (8 KB) on the sign-in page's start-up path.
 */
import type { TGrant } from './permissions.ts';

/** True when every required permission is held (an empty requirement passes). */
export function hasAll(held: ReadonlySet<string>, required: readonly TGrant[]): boolean {
  return required.every((p) => held.has(p));
}
