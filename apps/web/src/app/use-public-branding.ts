/** Public pre-login branding chosen by domain (SPEC §1, §8: a failure skips the fetch and shows an error on /login). */
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { publicBrandingQuery } from '../api/auth.ts';
import { themeStore } from './theme/theme-store.ts';
import { isThemeKey } from './theme/themes.ts';

export function usePublicBranding() {
  const location = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(location.search);
  const failedBefore = params.get('error') === 'PublicBrandingError';
  const q = useQuery({ ...publicBrandingQuery(), enabled: !failedBefore, meta: { silent: true } });
  useEffect(() => {
    if (q.data && isThemeKey(q.data.theme)) themeStore.setPublic(q.data.theme);
  }, [q.data]);
  const cb = params.get('callbackUrl');
  useEffect(() => {
    if (q.isError && !failedBefore) {
      const next = new URLSearchParams();
      if (cb) next.set('callbackUrl', cb);
      next.set('error', 'PublicBrandingError');
      navigate(`/login?${next.toString()}`, { replace: true });
    }
  }, [q.isError, failedBefore, cb, navigate]);
  return {
    brandingKey: q.data?.brandingKey ?? null,
    theme: q.data?.theme ?? null,
    isLoading: q.isLoading && !failedBefore,
  };
}
