/** Error pages: inside the main frame for a signed-in user (in their theme), else the minimal frame. */
import { Outlet } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { meQuery } from '../api/auth.ts';
import { LoadingScreen } from '../components/loading-screen.tsx';
import { MainFrameLayout } from './main-frame.tsx';
import { MinimalFrame } from './minimal-frame.tsx';

export function AdaptiveFrame() {
  const me = useQuery({ ...meQuery(), meta: { silent: true } });
  if (me.isLoading) return <LoadingScreen fullPage />;
  if (me.data)
    return (
      <MainFrameLayout user={me.data}>
        <Outlet />
      </MainFrameLayout>
    );
  return <MinimalFrame />;
}
