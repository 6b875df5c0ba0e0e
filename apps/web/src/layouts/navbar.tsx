/** Sidebar of SPEC §2: New Job, Home, Analysis, Admin and System groups; items hidden without permission. */
import { Fragment, memo } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Tooltip from '@mui/material/Tooltip';
import { useTheme } from '@mui/material/styles';
import AddRounded from '@mui/icons-material/AddRounded';
import PushPinOutlined from '@mui/icons-material/PushPinOutlined';
import KeyboardDoubleArrowLeftRounded from '@mui/icons-material/KeyboardDoubleArrowLeftRounded';
import KeyboardDoubleArrowRightRounded from '@mui/icons-material/KeyboardDoubleArrowRightRounded';
import CloseRounded from '@mui/icons-material/CloseRounded';
import {
  buildPath,
  hasAll,
  NAV_NEW_JOB,
  navItemPermissions,
  routeById,
  type TCurrentUser,
  type TNavItem,
} from '@sextant/shared/values';
import { visibleNavGroups } from './nav-groups.ts';
import { BrandLogo } from '../components/brand-logo.tsx';
import { QuickViews } from '../components/quick-views.tsx';
import { NAV_ICONS } from './nav-icons.tsx';
import { NAVBAR_WIDTH_COLLAPSED, NAVBAR_WIDTH_PINNED } from './navbar-state.ts';
import { navChipLabel, navGroupLabel, navItemLabel } from './nav-labels.ts';

interface TNavbarProps {
  user: TCurrentUser;
  brandingKey: string | null;
  variant: 'pinned' | 'collapsed' | 'mobile';
  mobileOpen: boolean;
  onToggle: () => void;
  onMobileClose: () => void;
}

function NavEntry({ item, collapsed, onNavigate }: { item: TNavItem; collapsed: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation('shell');
  const theme = useTheme();
  const nav = theme.sextant.navbar;
  const label = navItemLabel(t, item);
  const chip = item.chip ? navChipLabel(t, item.chip) : null;
  const route = routeById(item.routeId);
  const to = buildPath(route.path);
  const location = useLocation();
  const active = location.pathname === to || location.pathname.startsWith(`${to}/`);
  const Icon = NAV_ICONS[item.id];
  const button = (
    <ListItemButton
      component={NavLink}
      to={to}
      onClick={onNavigate}
      aria-current={active ? 'page' : undefined}
      data-testid={`nav-${item.id}`}
      sx={{
        mx: 1,
        my: 0.25,
        borderRadius: `${Math.min(theme.sextant.radius, 10)}px`,
        minHeight: 40,
        px: collapsed ? 1.25 : 1.5,
        justifyContent: collapsed ? 'center' : 'flex-start',
        color: active ? nav.activeText : nav.text,
        bgcolor: active ? nav.activeBackground : 'transparent',
        '&:hover': {
          bgcolor: active
            ? nav.activeBackground
            : theme.sextant.mode === 'dark' || nav.background !== '#FFFFFF'
              ? 'rgba(255,255,255,0.08)'
              : 'rgba(0,0,0,0.05)',
        },
      }}
    >
      {Icon && (
        <ListItemIcon sx={{ minWidth: collapsed ? 0 : 36, color: 'inherit' }}>
          <Icon fontSize="small" />
        </ListItemIcon>
      )}
      {!collapsed && (
        // A long label (some languages' words are twice the English length) wraps to a second line and is cut with
        // an ellipsis after it, never running under the chip; the tooltip holds the whole label.
        <ListItemText
          sx={{ minWidth: 0, my: 0.25 }}
          primary={label}
          slotProps={{
            primary: {
              sx: {
                fontSize: 14,
                lineHeight: 1.25,
                fontWeight: active ? 700 : 500,
                display: '-webkit-box',
                WebkitLineClamp: 2,
                WebkitBoxOrient: 'vertical',
                overflow: 'hidden',
                overflowWrap: 'anywhere',
              },
            },
          }}
        />
      )}
      {!collapsed && chip && (
        <Chip label={chip} size="small" color="primary" sx={{ height: 20, fontSize: 10, ml: 1, flexShrink: 0 }} />
      )}
    </ListItemButton>
  );
  return collapsed ? (
    <Tooltip title={chip ? t('nav.withChip', { label, chip }) : label} placement="right">
      {button}
    </Tooltip>
  ) : (
    button
  );
}

function NavContent({
  user,
  brandingKey,
  collapsed,
  mobile,
  onToggle,
  onNavigate,
}: {
  user: TCurrentUser;
  brandingKey: string | null;
  collapsed: boolean;
  mobile: boolean;
  onToggle: () => void;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation('shell');
  const theme = useTheme();
  const nav = theme.sextant.navbar;
  const groups = visibleNavGroups(user.permissions);
  const canCreate = hasAll(new Set(user.permissions), navItemPermissions(NAV_NEW_JOB));
  const darkNav = nav.background.toUpperCase() !== '#FFFFFF';
  return (
    <Box
      component="nav"
      aria-label={t('nav.label')}
      data-testid="navbar"
      data-state={mobile ? 'mobile' : collapsed ? 'collapsed' : 'pinned'}
      sx={{
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        bgcolor: nav.background,
        color: nav.text,
        overflowX: 'hidden',
      }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: collapsed ? 'center' : 'space-between',
          px: collapsed ? 0 : 2,
          minHeight: 64,
          gap: 1,
        }}
      >
        <BrandLogo
          brandingKey={brandingKey}
          theme={theme.sextant.key}
          onDark={darkNav}
          height={collapsed ? 30 : 32}
          markOnly={collapsed}
        />
        {mobile ? (
          <IconButton aria-label={t('nav.close')} onClick={onNavigate} sx={{ color: 'inherit' }}>
            <CloseRounded />
          </IconButton>
        ) : (
          !collapsed && (
            <Tooltip title={t('nav.collapse')}>
              <IconButton
                aria-label={t('nav.collapse')}
                onClick={onToggle}
                size="small"
                sx={{ color: nav.muted }}
                data-testid="navbar-collapse"
              >
                <KeyboardDoubleArrowLeftRounded fontSize="small" />
              </IconButton>
            </Tooltip>
          )
        )}
      </Box>
      {canCreate && (
        <Box sx={{ px: collapsed ? 1 : 2, pb: 1.5 }}>
          {collapsed ? (
            <Tooltip title={navItemLabel(t, NAV_NEW_JOB)} placement="right">
              <Button
                component={NavLink}
                to="/jobs/loading"
                variant="contained"
                aria-label={navItemLabel(t, NAV_NEW_JOB)}
                data-testid="nav-newJob"
                sx={{ minWidth: 0, width: 44, height: 40, p: 0, mx: 'auto', display: 'flex' }}
              >
                <AddRounded />
              </Button>
            </Tooltip>
          ) : (
            <Button
              component={NavLink}
              to="/jobs/loading"
              variant="contained"
              fullWidth
              startIcon={<AddRounded />}
              onClick={onNavigate}
              data-testid="nav-newJob"
            >
              {navItemLabel(t, NAV_NEW_JOB)}
            </Button>
          )}
        </Box>
      )}
      <Box sx={{ flex: 1, overflowY: 'auto', overflowX: 'hidden' }}>
        {groups.map(({ group, items }, gi) => (
          <Fragment key={group.id}>
            {collapsed && gi > 0 && (
              <Divider sx={{ borderColor: darkNav ? 'rgba(255,255,255,0.12)' : 'divider', my: 1, mx: 1.5 }} />
            )}
            <List
              dense
              disablePadding
              data-testid={`nav-group-${group.id}`}
              subheader={
                !collapsed && group.id !== 'home' ? (
                  <ListSubheader
                    disableSticky
                    sx={{
                      bgcolor: 'transparent',
                      color: nav.muted,
                      fontSize: 11,
                      fontWeight: 700,
                      letterSpacing: '0.08em',
                      textTransform: 'uppercase',
                      lineHeight: '32px',
                      mt: 1,
                      px: 2.5,
                    }}
                  >
                    {navGroupLabel(t, group)}
                  </ListSubheader>
                ) : undefined
              }
            >
              {items.map((item) => (
                <ListItem key={item.id} disablePadding sx={{ display: 'block' }}>
                  <NavEntry item={item} collapsed={collapsed} onNavigate={onNavigate} />
                </ListItem>
              ))}
            </List>
          </Fragment>
        ))}
      </Box>
      <Box sx={{ borderTop: '1px solid', borderColor: darkNav ? 'rgba(255,255,255,0.12)' : 'divider' }}>
        <QuickViews collapsed={collapsed} />
        {!mobile && collapsed && (
          <Box sx={{ display: 'flex', justifyContent: 'center', pb: 1 }}>
            <Tooltip title={t('nav.pin')} placement="right">
              <IconButton
                aria-label={t('nav.pin')}
                onClick={onToggle}
                sx={{ color: nav.muted }}
                data-testid="navbar-pin"
              >
                <KeyboardDoubleArrowRightRounded />
              </IconButton>
            </Tooltip>
          </Box>
        )}
        {!mobile && !collapsed && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2.5, pb: 1.5, color: nav.muted, fontSize: 12 }}>
            <PushPinOutlined sx={{ fontSize: 14 }} /> {t('nav.pinned')}
          </Box>
        )}
      </Box>
    </Box>
  );
}

/** Memoised: the frame re-renders for its own queries (system mode, …) without the navbar's props changing. */
export const Navbar = memo(function Navbar({
  user,
  brandingKey,
  variant,
  mobileOpen,
  onToggle,
  onMobileClose,
}: TNavbarProps) {
  if (variant === 'mobile')
    return (
      <Drawer
        variant="temporary"
        open={mobileOpen}
        onClose={onMobileClose}
        ModalProps={{ keepMounted: true }}
        slotProps={{ paper: { sx: { width: NAVBAR_WIDTH_PINNED + 40, maxWidth: '85vw', border: 0 } } }}
      >
        <NavContent
          user={user}
          brandingKey={brandingKey}
          collapsed={false}
          mobile
          onToggle={onToggle}
          onNavigate={onMobileClose}
        />
      </Drawer>
    );
  const width = variant === 'collapsed' ? NAVBAR_WIDTH_COLLAPSED : NAVBAR_WIDTH_PINNED;
  return (
    <Drawer
      variant="permanent"
      sx={{
        width,
        flexShrink: 0,
        transition: 'width 160ms ease',
        '& .MuiDrawer-paper': {
          width,
          boxSizing: 'border-box',
          transition: 'width 160ms ease',
          overflowX: 'hidden',
          borderRight: '1px solid',
          borderColor: 'divider',
        },
      }}
    >
      <NavContent
        user={user}
        brandingKey={brandingKey}
        collapsed={variant === 'collapsed'}
        mobile={false}
        onToggle={onToggle}
      />
    </Drawer>
  );
});
