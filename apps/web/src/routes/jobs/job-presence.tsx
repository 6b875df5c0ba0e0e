/**
 * Presence and exclusive write access on job pages (SPEC §3 entity lock, §4, §7 Concurrency): a heartbeat
 * every 3 s with Concurrency_Take_Entity_Lock, the users active on the job polled every 2 s with
 * JobDashboardActiveUsers_VIEW, and on the editing page the lock (try on open, renew every 10 s, request,
 * deny, take over once `canForceAfterUtc` has passed).
 */
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
import i18n, { currentLanguage } from '../../app/i18n.ts';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import AvatarGroup from '@mui/material/AvatarGroup';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import LockOutlined from '@mui/icons-material/LockOutlined';
import { ACTIVE_USERS_POLL_MS, ENTITY_HEARTBEAT_MS, type TEntityLock } from '@sextant/shared/values';
import { activeUsersQuery, concurrency } from '../../api/jobs.ts';
import { useCan, useRequiredUser } from '../../app/current-user.ts';
import { PendingButton } from '../../components/pending-button.tsx';
import { notify } from '../../components/notifications/notification-store.ts';
import { initialsOf } from './job-logic.ts';

export const LOCK_RENEW_MS = 10_000;

/** Reports the current user as active on the job while the page is open. */
export function useJobHeartbeat(jobId: string, scope: string) {
  const user = useRequiredUser();
  const allowed = useCan(['Concurrency_Take_Entity_Lock']);
  useEffect(() => {
    if (!allowed) return;
    const beat = () => void concurrency.heartbeat(jobId, user.id, scope).catch(() => undefined);
    beat();
    const t = window.setInterval(beat, ENTITY_HEARTBEAT_MS);
    return () => window.clearInterval(t);
  }, [allowed, jobId, user.id, scope]);
}

/** "Who else is here": avatars of the other users active on the job. */
export function ActiveUsers({ jobId }: { jobId: string }) {
  const { t } = useTranslation('jobs');
  const user = useRequiredUser();
  const allowed = useCan(['JobDashboardActiveUsers_VIEW']);
  const q = useQuery(activeUsersQuery(jobId, allowed, ACTIVE_USERS_POLL_MS));
  if (!allowed) return null;
  const me = new Set(
    [user.username, user.displayName, `${user.givenName ?? ''} ${user.surname ?? ''}`.trim()].filter(Boolean),
  );
  // One avatar per other user, whatever tabs of the job they have open.
  const others = [...new Map((q.data ?? []).filter((u) => !me.has(u.userName)).map((u) => [u.userName, u])).values()];
  if (others.length === 0) return null;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} data-testid="job-active-users">
      <Typography variant="caption" color="text.secondary" sx={{ display: { xs: 'none', sm: 'block' } }}>
        {t('presence.alsoHere')}
      </Typography>
      <AvatarGroup max={5} sx={{ '& .MuiAvatar-root': { width: 30, height: 30, fontSize: 12 } }}>
        {others.map((u) => (
          <Tooltip
            key={`${u.userName}-${u.scope}`}
            title={`${u.userName}${u.exclusiveWriteAccess ? ` · ${t('presence.editingShort')}` : ''}${u.scope ? ` · ${u.scope}` : ''}`}
          >
            <Avatar alt={u.userName} sx={{ bgcolor: u.exclusiveWriteAccess ? 'warning.main' : 'primary.main' }}>
              {initialsOf(u.userName)}
            </Avatar>
          </Tooltip>
        ))}
      </AvatarGroup>
    </Stack>
  );
}

export interface TLockState {
  lock: TEntityLock | null;
  /** The current user may edit (holds exclusive write access). */
  canEdit: boolean;
  request: () => Promise<void>;
  deny: () => Promise<void>;
  force: () => Promise<void>;
}

/** Tries (and renews) exclusive write access while `active`; returns the lock and its actions. */
export function useExclusiveLock(jobId: string, active: boolean): TLockState {
  const allowed = useCan(['Concurrency_Take_Entity_Lock']);
  const [lock, setLock] = useState<TEntityLock | null>(null);
  useEffect(() => {
    if (!allowed || !active) return;
    let stopped = false;
    const tryLock = () =>
      void concurrency
        .tryLock(jobId)
        .then((l) => !stopped && setLock(l))
        .catch(() => undefined);
    tryLock();
    const t = window.setInterval(tryLock, LOCK_RENEW_MS);
    return () => {
      stopped = true;
      window.clearInterval(t);
    };
  }, [allowed, active, jobId]);
  const refresh = () => concurrency.tryLock(jobId).then(setLock);
  return {
    lock,
    canEdit: Boolean(lock?.exclusiveWriteAccess),
    request: async () => {
      await concurrency.requestLock(jobId);
      notify('info', i18n.t('jobs:presence.requested'));
      await refresh();
    },
    deny: async () => {
      await concurrency.denyLock(jobId);
      await refresh();
    },
    force: async () => {
      const l = await concurrency.forceLock(jobId);
      setLock(l);
    },
  };
}

const holderName = (l: TEntityLock, anotherUser: string) =>
  [l.holderFirstName, l.holderLastName].filter(Boolean).join(' ') || l.holderEmail || anotherUser;

/** Ticks once a second so "Take over" appears the moment `canForceAfterUtc` passes. */
function useNow(enabled: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!enabled) return;
    const t = window.setInterval(() => setNow(Date.now()), 1_000);
    return () => window.clearInterval(t);
  }, [enabled]);
  return now;
}

/** The lock banner of an editing page. */
export function LockBanner({ state }: { state: TLockState }) {
  const { t } = useTranslation('jobs');
  const { lock } = state;
  const forceAt = lock?.canForceAfterUtc ? Date.parse(lock.canForceAfterUtc) : null;
  const now = useNow(Boolean(forceAt));
  if (!lock) return null;
  if (lock.exclusiveWriteAccess) {
    if (!lock.requesterName) return null;
    return (
      <Alert
        severity="warning"
        data-testid="lock-request"
        action={
          <Stack direction="row" spacing={1}>
            <PendingButton color="inherit" size="small" onClick={state.deny}>
              {t('presence.deny')}
            </PendingButton>
          </Stack>
        }
      >
        <Trans
          t={t}
          i18nKey="presence.asks"
          values={{ name: lock.requesterName }}
          components={{ strong: <strong /> }}
        />
      </Alert>
    );
  }
  const canForce = forceAt !== null && now >= forceAt;
  return (
    <Alert
      severity="info"
      icon={<LockOutlined />}
      data-testid="lock-held"
      action={
        <Stack direction="row" spacing={1}>
          {canForce ? (
            <PendingButton color="inherit" size="small" variant="outlined" onClick={state.force}>
              {t('presence.takeOver')}
            </PendingButton>
          ) : (
            <PendingButton color="inherit" size="small" onClick={state.request} disabled={Boolean(forceAt)}>
              {forceAt ? t('presence.requestedButton') : t('presence.requestAccess')}
            </PendingButton>
          )}
        </Stack>
      }
    >
      <Trans
        t={t}
        i18nKey="presence.editingLock"
        values={{ name: holderName(lock, t('presence.anotherUser')) }}
        components={{ strong: <strong /> }}
      />
      {lock.requestDenied && ` ${t('presence.declined')}`}
      {forceAt &&
        !canForce &&
        ` ${t('presence.takeOverAt', { time: new Date(forceAt).toLocaleTimeString(currentLanguage()) })}`}
    </Alert>
  );
}
