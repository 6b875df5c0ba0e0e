/**
 * Navbar state per context (SPEC §4): webapp and fullscreen webapp remember pinned (240 px) or collapsed
 * (64 px); on mobile (sm and below) it is a drawer, open or closed.
 */
import { useCallback, useEffect, useState } from 'react';

export const NAVBAR_WIDTH_PINNED = 240;
export const NAVBAR_WIDTH_COLLAPSED = 64;
export type TNavbarContext = 'webapp' | 'fullscreen' | 'mobile';
export type TNavbarState = 'pinned' | 'collapsed' | 'open' | 'closed';

const storageKey = (ctx: TNavbarContext) => `sextant.navbar.${ctx}`;

export function readNavbarState(ctx: TNavbarContext): TNavbarState {
  if (ctx === 'mobile') return 'closed';
  try {
    const v = localStorage.getItem(storageKey(ctx));
    if (v === 'pinned' || v === 'collapsed') return v;
  } catch {
    /* ignore */
  }
  return ctx === 'fullscreen' ? 'collapsed' : 'pinned';
}

export function useFullscreen(): boolean {
  const [fs, setFs] = useState(() => typeof document !== 'undefined' && Boolean(document.fullscreenElement));
  useEffect(() => {
    const on = () => setFs(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', on);
    return () => document.removeEventListener('fullscreenchange', on);
  }, []);
  return fs;
}

export function useNavbarState(ctx: TNavbarContext) {
  const [states, setStates] = useState<Record<TNavbarContext, TNavbarState>>(() => ({
    webapp: readNavbarState('webapp'),
    fullscreen: readNavbarState('fullscreen'),
    mobile: 'closed',
  }));
  const setState = useCallback(
    (s: TNavbarState) => {
      setStates((prev) => ({ ...prev, [ctx]: s }));
      if (ctx !== 'mobile')
        try {
          localStorage.setItem(storageKey(ctx), s);
        } catch {
          /* ignore */
        }
    },
    [ctx],
  );
  return [states[ctx], setState] as const;
}
