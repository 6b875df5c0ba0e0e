/**
 * User button: avatar initials (SPEC §3), hover lists System Roles and Analysis Roles, menu Profile / Logout, and the
 * release notes ("What's new") for users who may see system updates.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import PersonOutline from '@mui/icons-material/PersonOutline';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import NewReleasesOutlined from '@mui/icons-material/NewReleasesOutlined';
import { avatarInitials, type TCurrentUser } from '@sextant/shared/values';
import { can } from '../../app/current-user.ts';
import { signOut } from './session-actions.ts';

export function RolesSummary({ user }: { user: TCurrentUser }) {
  const { t } = useTranslation('shell');
  const section = (title: string, roles: TCurrentUser['roles']['standard']) => (
    <Box sx={{ mb: 1 }}>
      <Typography variant="caption" sx={{ fontWeight: 700, display: 'block', opacity: 0.85 }}>
        {title}
      </Typography>
      {roles.length === 0 ? (
        <Typography variant="caption">{t('userMenu.none')}</Typography>
      ) : (
        roles.map((r) => (
          <Typography key={r.role} variant="caption" component="div">
            {r.displayName}
          </Typography>
        ))
      )}
    </Box>
  );
  return (
    <Box sx={{ p: 0.5 }} data-testid="roles-summary">
      {section(t('userMenu.systemRoles'), user.roles.standard)}
      {section(t('userMenu.analysisRoles'), user.roles.tabbedView)}
    </Box>
  );
}

export function UserMenu({ user }: { user: TCurrentUser }) {
  const { t } = useTranslation('shell');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const navigate = useNavigate();
  const initials = avatarInitials(user);
  return (
    <>
      <Tooltip title={<RolesSummary user={user} />} placement="bottom-end" enterDelay={150}>
        <ButtonBase
          onClick={(e) => setAnchor(e.currentTarget)}
          aria-label={t('userMenu.accountMenu', { name: user.displayName || user.username })}
          aria-haspopup="menu"
          data-testid="user-button"
          sx={{ borderRadius: 999, p: 0.5, pr: { xs: 0.5, md: 1.5 }, gap: 1, '&:hover': { bgcolor: 'action.hover' } }}
        >
          <Avatar
            sx={{
              width: 34,
              height: 34,
              bgcolor: 'primary.main',
              color: 'primary.contrastText',
              fontSize: 14,
              fontWeight: 700,
            }}
            data-testid="avatar"
          >
            {initials}
          </Avatar>
          <Box sx={{ display: { xs: 'none', md: 'block' }, textAlign: 'left', maxWidth: 180 }}>
            <Typography variant="body2" sx={{ fontWeight: 600, lineHeight: 1.2 }} noWrap>
              {user.displayName || user.username}
            </Typography>
            <Typography variant="caption" color="text.secondary" noWrap component="div">
              {user.roles.standard.map((r) => r.displayName).join(', ') || user.username}
            </Typography>
          </Box>
        </ButtonBase>
      </Tooltip>
      <Menu
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 220, mt: 1 } } }}
      >
        <Box sx={{ px: 2, py: 1 }}>
          <Typography variant="subtitle2">{user.displayName || user.username}</Typography>
          <Typography variant="caption" color="text.secondary">
            {user.email.email ?? user.username}
          </Typography>
        </Box>
        <Divider />
        <MenuItem
          onClick={() => {
            setAnchor(null);
            navigate('/profile');
          }}
        >
          <ListItemIcon>
            <PersonOutline fontSize="small" />
          </ListItemIcon>
          {t('userMenu.profile')}
        </MenuItem>
        {can(user, ['SystemUpdates_VIEW']) && (
          <MenuItem
            data-testid="release-notes-link"
            onClick={() => {
              setAnchor(null);
              navigate('/release-notes');
            }}
          >
            <ListItemIcon>
              <NewReleasesOutlined fontSize="small" />
            </ListItemIcon>
            {t('userMenu.releaseNotes')}
          </MenuItem>
        )}
        <MenuItem
          data-testid="logout"
          onClick={() => {
            setAnchor(null);
            void signOut();
          }}
        >
          <ListItemIcon>
            <LogoutOutlined fontSize="small" />
          </ListItemIcon>
          {t('userMenu.logout')}
        </MenuItem>
      </Menu>
    </>
  );
}
