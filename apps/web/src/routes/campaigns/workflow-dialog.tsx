/** The dialog layout of the workflow page (rename, new wave, outreach, delete): title, content, Cancel and one action. */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { TWorkflowDetail } from '@sextant/shared/values';
import { PendingButton } from '../../components/pending-button.tsx';
import { NS } from './parts.tsx';

/** What a dialog of the workflow page is given: the workflow, and how it closes (with or without a change). */
export interface TWorkflowDialogProps {
  jobId: string;
  d: TWorkflowDetail;
  onClose: () => void;
  onDone: () => void;
}

export function WorkflowDialog({
  title,
  onClose,
  action,
  onAction,
  pending,
  disabled,
  error,
  danger,
  maxWidth = 'sm',
  actionTestId,
  children,
}: {
  title: string;
  onClose: () => void;
  /** The label of the action button. */
  action: string;
  onAction: () => void;
  pending: boolean;
  disabled?: boolean;
  /** A failure of the action, shown under the content. */
  error?: Error | null;
  /** The action destroys something (red button). */
  danger?: boolean;
  maxWidth?: 'sm' | 'lg';
  actionTestId?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation(NS);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth={maxWidth}>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        {children}
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error.message}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <PendingButton
          variant="contained"
          color={danger ? 'error' : 'primary'}
          pending={pending}
          disabled={disabled}
          onClick={onAction}
          data-testid={actionTestId}
        >
          {action}
        </PendingButton>
      </DialogActions>
    </Dialog>
  );
}
