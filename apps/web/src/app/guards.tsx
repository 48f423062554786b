import type { ToolName } from '@app/contracts';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { CenteredLoader } from '@/components/centered-loader';
import { useHasPermission, useSession } from '@/lib/session-store';

function ToLogin() {
  const location = useLocation();
  return <Navigate to="/login" replace state={{ from: location }} />;
}

/** Any signed-in user (spec: /dashboard, /perfil). */
export function RequireAuth() {
  const isAuthenticated = useSession((state) => state.isAuthenticated);
  return isAuthenticated ? <Outlet /> : <ToLogin />;
}

/** A signed-in user holding the permission named like the tool. */
export function RequirePermission({ tool }: { tool: ToolName }) {
  const isAuthenticated = useSession((state) => state.isAuthenticated);
  const status = useSession((state) => state.status);
  const allowed = useHasPermission(tool);

  if (!isAuthenticated) return <ToLogin />;
  if (status === 'checking') return <CenteredLoader label="Verificando permisos..." />;
  if (!allowed) return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}
