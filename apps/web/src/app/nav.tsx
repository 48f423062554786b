import { NAV_TOOL_ORDER, type ToolName } from '@app/contracts';
import { ActionIcon, type ActionIconProps, type ElementProps } from '@mantine/core';
import { IconUserCircle } from '@tabler/icons-react';
import type { Ref } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { CommunityMark } from '@/components/community-brand';
import classes from './layout.module.css';
import { useCommunityBrand } from '@/lib/public-config';
import { hasPermission, useSession } from '@/lib/session-store';

/** What the bar offers: only the tools the server would let this member open. */
export function useNavItems() {
  const user = useSession((state) => state.user);
  const status = useSession((state) => state.status);
  const isAuthenticated = useSession((state) => state.isAuthenticated);
  const allowed = (tool: ToolName) => hasPermission({ status, user }, tool);
  return {
    isAuthenticated,
    email: user?.email.trim() ? user.email : 'Usuario',
    tools: NAV_TOOL_ORDER.filter(allowed),
    canConfigure: allowed('config'),
  };
}

export function useLogout() {
  const logout = useSession((state) => state.logout);
  const navigate = useNavigate();
  return async () => {
    await logout();
    await navigate('/login', { replace: true });
  };
}

/** "Inicio" (or the community's name and logo) stands for / and the dashboard it redirects to. */
export function HomeLink({ className, onClick }: { className: string; onClick?: () => void }) {
  const { pathname } = useLocation();
  const brand = useCommunityBrand();
  const isHome = pathname === '/' || pathname === '/dashboard';
  return (
    <Link to="/" className={className} aria-current={isHome ? 'page' : undefined} onClick={onClick}>
      <CommunityMark logoUrl={brand.logoUrl} size={brand.logoUrl ? 28 : 20} />
      {brand.name === null ? (
        'Inicio'
      ) : (
        // A long name wraps onto a second line beside the menu button rather than being cut.
        <span className={classes.brandName}>{brand.name}</span>
      )}
    </Link>
  );
}

/** The account menu's button, as the bar renders it and as the menu (account-menu.tsx) takes it over. */
export function AccountMenuButton(
  props: ActionIconProps & ElementProps<'button'> & { ref?: Ref<HTMLButtonElement> },
) {
  return (
    <ActionIcon variant="default" size="lg" radius="xl" aria-label="Mi cuenta" {...props}>
      <IconUserCircle size={22} aria-hidden="true" />
    </ActionIcon>
  );
}
