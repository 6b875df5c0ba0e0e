/** Role switcher for users with canSwitchRoles (SPEC §6): the chosen roles replace the user's roles. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import SwitchAccountOutlined from '@mui/icons-material/SwitchAccountOutlined';
import { roleKind, type TCurrentUser, type TRole, type TRoleEntry } from '@sextant/shared/values';
import { switchableRolesQuery, authKeys, resetRoles, switchRoles } from '../../api/auth.ts';
import { PendingButton } from '../pending-button.tsx';

export function RoleSwitcher({ user }: { user: TCurrentUser }) {
  const { t } = useTranslation('shell');
  const [open, setOpen] = useState(false);
  const qc = useQueryClient();
  const navigate = useNavigate();
  const roles = useQuery({ ...switchableRolesQuery(), enabled: open, meta: { operation: 'Loading roles' } });
  const current = [...user.roles.standard, ...user.roles.tabbedView];
  const [chosen, setChosen] = useState<TRoleEntry[]>(current);
  const done = async (u: TCurrentUser) => {
    qc.setQueryData(authKeys.me(), u);
    await qc.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'auth' });
    setOpen(false);
    navigate('/', { replace: true });
  };
  const sw = useMutation({
    mutationFn: () => switchRoles(chosen.map((r) => r.role)),
    onSuccess: done,
    meta: { operation: 'Switching roles' },
  });
  const reset = useMutation({ mutationFn: resetRoles, onSuccess: done, meta: { operation: 'Restoring roles' } });
  const switched = user.ownRoles !== null;
  return (
    <>
      <Tooltip title={switched ? t('roleSwitcher.tooltipSwitched') : t('roleSwitcher.tooltip')}>
        <Button
          color={switched ? 'warning' : 'inherit'}
          variant={switched ? 'outlined' : 'text'}
          startIcon={<SwitchAccountOutlined />}
          onClick={() => {
            setChosen(current);
            setOpen(true);
          }}
          data-testid="role-switcher"
          sx={{ display: { xs: 'none', sm: 'inline-flex' } }}
        >
          {switched ? t('roleSwitcher.buttonSwitched') : t('roleSwitcher.button')}
        </Button>
      </Tooltip>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm">
        <DialogTitle>{t('roleSwitcher.title')}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t('roleSwitcher.intro')}
          </Typography>
          <Autocomplete
            multiple
            options={roles.data ?? []}
            loading={roles.isLoading}
            value={chosen}
            onChange={(_, v) => setChosen(v)}
            groupBy={(o) =>
              roleKind(o.role as TRole) === 'standard' ? t('userMenu.systemRoles') : t('userMenu.analysisRoles')
            }
            getOptionLabel={(o) => o.displayName}
            isOptionEqualToValue={(a, b) => a.role === b.role}
            renderValue={(value, getItemProps) =>
              value.map((o, index) => (
                <Chip {...getItemProps({ index })} key={o.role} label={o.displayName} size="small" />
              ))
            }
            renderInput={(params) => (
              <TextField {...params} label={t('roleSwitcher.rolesLabel')} placeholder={t('roleSwitcher.addRole')} />
            )}
          />
        </DialogContent>
        <DialogActions>
          {switched && (
            <PendingButton onClick={() => reset.mutate()} pending={reset.isPending} sx={{ mr: 'auto' }}>
              {t('roleSwitcher.restore')}
            </PendingButton>
          )}
          <Button onClick={() => setOpen(false)}>{t('roleSwitcher.cancel')}</Button>
          <PendingButton
            variant="contained"
            disabled={chosen.length === 0}
            pending={sw.isPending}
            onClick={() => sw.mutate()}
          >
            {t('roleSwitcher.submit')}
          </PendingButton>
        </DialogActions>
      </Dialog>
    </>
  );
}
