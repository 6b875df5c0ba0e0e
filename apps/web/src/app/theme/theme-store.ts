/**
 * Which branded theme is in force: the user's theme-switcher choice, else the signed-in user's effective
 * branding, else the public branding chosen by domain, else Theme 1.
 */
import { useSyncExternalStore } from 'react';
import type { TThemeKey } from '@sextant/shared/values';
import { isThemeKey } from './themes.ts';

interface TThemeState {
  publicKey: TThemeKey | null;
  userKey: TThemeKey | null;
  override: TThemeKey | null;
  signedIn: boolean;
}

const OVERRIDE_KEY = 'sextant.themeOverride';
let state: TThemeState = { publicKey: null, userKey: null, override: readOverride(), signedIn: false };
const listeners = new Set<() => void>();

function readOverride(): TThemeKey | null {
  try {
    const v = localStorage.getItem(OVERRIDE_KEY);
    return isThemeKey(v) ? v : null;
  } catch {
    return null;
  }
}

function set(patch: Partial<TThemeState>) {
  const next = { ...state, ...patch };
  if (
    next.publicKey === state.publicKey &&
    next.userKey === state.userKey &&
    next.override === state.override &&
    next.signedIn === state.signedIn
  )
    return;
  state = next;
  for (const l of listeners) l();
}

export const themeStore = {
  setPublic: (key: TThemeKey | null) => set({ publicKey: key }),
  /** The signed-in user's effective branding theme (null: none); signOut() when the session ends. */
  setUser: (key: TThemeKey | null) => set({ userKey: key, signedIn: true }),
  signOut: () => set({ userKey: null, signedIn: false }),
  setOverride: (key: TThemeKey | null) => {
    try {
      if (key) localStorage.setItem(OVERRIDE_KEY, key);
      else localStorage.removeItem(OVERRIDE_KEY);
    } catch {
      /* storage unavailable: keep the choice in memory only */
    }
    set({ override: key });
  },
  get: () => state,
  subscribe: (l: () => void) => {
    listeners.add(l);
    return () => listeners.delete(l);
  },
};

export function effectiveThemeKey(s: TThemeState): TThemeKey {
  if (s.signedIn) return s.override ?? s.userKey ?? s.publicKey ?? 'paytech';
  return s.publicKey ?? 'paytech';
}

export function useThemeState(): TThemeState {
  return useSyncExternalStore(themeStore.subscribe, themeStore.get, themeStore.get);
}
