import { isAdmin, sortTools } from '@app/contracts';
import { Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, type ReactNode } from 'react';
import { RoleBadge } from '@/components/role-badge';
import { usePublicConfig } from '@/lib/public-config';
import { hasPermission, useSession } from '@/lib/session-store';
import { usePlans } from './api/get-plans';
import { MembershipPanel } from './membership-panel';
import { ToolGrid } from './tool-grid';

// Administrators only: members never load it.
const AdminOverview = lazy(async () => ({ default: (await import('./admin-overview')).AdminOverview }));

/** `announcements`: the latest announcements for the member (the app passes them in, loaded on their own). */
export function DashboardPage({ announcements }: { announcements?: ReactNode } = {}) {
  const user = useSession((state) => state.user);
  const status = useSession((state) => state.status);
  const config = usePublicConfig();
  const showsPanel = user !== null && !isAdmin(user);
  const plans = usePlans(showsPanel && config.data?.billingEnabled === true);

  const tools = sortTools(user?.permissions ?? []).filter((tool) => hasPermission({ status, user }, tool));
  const name = user?.username.trim() ? user.username : 'Usuario';

  return (
    <Container size="lg" py="lg">
      <Stack gap={6} mb="xl">
        <Group gap="sm" align="center">
          {user ? (
            <>
              <Title order={1}>Hola, {name}</Title>
              <RoleBadge role={user.role_label ?? user.role} />
            </>
          ) : (
            // The page as prerendered (src/prerender/pages.tsx), before the app knows the member: the name waits.
            <Title order={1} aria-busy="true">
              Hola,{' '}
              <Skeleton component="span" display="inline-block" w="6ch" h="0.8em" aria-label="Cargando..." />
            </Title>
          )}
        </Group>
        <Text c="dimmed" size="lg">
          Selecciona una herramienta para comenzar
        </Text>
      </Stack>

      <ToolGrid tools={tools} isLoading={status === 'checking'} />

      {/* Below the tools, which are drawn at once: arriving later, the overview cannot push them down. */}
      {user && isAdmin(user) && status === 'ready' && (
        <Suspense fallback={null}>
          <AdminOverview />
        </Suspense>
      )}

      {user && showsPanel && (
        <MembershipPanel
          role={user.role}
          plansUrl={config.isPending ? undefined : (config.data?.membershipPlansUrl ?? null)}
          billingEnabled={config.data?.billingEnabled}
          plans={plans.data?.plans}
        />
      )}

      {/* Last: arriving after the first screen, the latest announcements push nothing drawn before them down
          (the tools, a member's membership panel, an administrator's overview, which comes first when both do). */}
      {user && status === 'ready' && announcements && <Suspense fallback={null}>{announcements}</Suspense>}
    </Container>
  );
}
