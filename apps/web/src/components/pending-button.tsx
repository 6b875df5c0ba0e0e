/**
 * A button whose action is pending is disabled and shows a spinner; repeated clicks are ignored
 * (SPEC §4). Works with an async onClick (tracked here) or an explicit `pending` flag.
 */
import { useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Button, { type ButtonProps } from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';

export interface TPendingButtonProps extends Omit<ButtonProps, 'onClick'> {
  pending?: boolean;
  onClick?: (e: MouseEvent<HTMLButtonElement>) => unknown;
}

export function PendingButton({ pending, onClick, disabled, children, startIcon, ...rest }: TPendingButtonProps) {
  const { t } = useTranslation('shell');
  const [running, setRunning] = useState(false);
  const busy = useRef(false);
  const isPending = Boolean(pending) || running;
  const handle = async (e: MouseEvent<HTMLButtonElement>) => {
    if (busy.current || isPending) return;
    const result = onClick?.(e);
    if (result && typeof (result as Promise<unknown>).then === 'function') {
      busy.current = true;
      setRunning(true);
      try {
        await result;
      } catch {
        /* errors are reported by the caller or the global handler */
      } finally {
        busy.current = false;
        setRunning(false);
      }
    }
  };
  return (
    <Button
      {...rest}
      disabled={disabled || isPending}
      aria-busy={isPending || undefined}
      onClick={handle}
      startIcon={
        isPending ? <CircularProgress size={16} color="inherit" aria-label={t('common.inProgress')} /> : startIcon
      }
    >
      {children}
    </Button>
  );
}
