import {
  BILLING_MESSAGES as M,
  buysNoPlan,
  ENDED_STATUSES,
  isAdmin,
  roleDisplayName,
  SUBSCRIPTION_STATUS_LABELS,
  type MySubscription,
} from '@app/contracts';
import { Alert, Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { ProfileSection } from '@/components/profile-section';
import { ListState } from '@/components/list-state';
import { RoleBadge } from '@/components/role-badge';
import { formatDate } from '@/lib/format-date';
import { usePublicConfig, useTimeZone } from '@/lib/public-config';
import { errorMessage } from '@/lib/query-client';
import { useSession } from '@/lib/session-store';
import { useMySubscription } from './api/get-my-subscription';
import { useOpenPortal } from './api/open-portal';
import { formatPrice } from '@/lib/format-price';
import { providerRedirect } from './provider-redirect';

const STATUS_COLORS: Partial<Record<MySubscription['status'], string>> = {
  active: 'teal',
  trialing: 'blue',
  past_due: 'yellow',
};

/**
 * "Próxima renovación" while it renews; "Fin de la prueba" during a trial (the period paid for ends with the
 * trial); "Acceso hasta" once cancelled or ended.
 */
const periodLabel = (subscription: MySubscription): string =>
  subscription.cancel_at_period_end || ENDED_STATUSES.includes(subscription.status)
    ? 'Acceso hasta'
    : subscription.status === 'trialing'
      ? 'Fin de la prueba'
      : 'Próxima renovación';

/** What a trial that goes on into the plan will charge when it ends. */
const trialCharge = (subscription: MySubscription): string | null =>
  subscription.status === 'trialing' && !subscription.cancel_at_period_end && subscription.price
    ? `Al terminar la prueba se te cobrarán ${formatPrice(subscription.price)}, salvo que la canceles antes.`
    : null;

function SubscriptionDetails({ subscription }: { subscription: MySubscription }) {
  const timeZone = useTimeZone();
  const portal = useOpenPortal();
  const leaving = portal.isPending || portal.isSuccess;
  const periodEnd = subscription.current_period_end;
  const charge = trialCharge(subscription);
  return (
    <Stack gap="sm">
      <Group gap="sm">
        <Text fw={600}>Plan:</Text>
        <RoleBadge role={subscription.plan} />
        <Badge variant="light" color={STATUS_COLORS[subscription.status] ?? 'gray'} tt="none">
          {SUBSCRIPTION_STATUS_LABELS[subscription.status]}
        </Badge>
      </Group>
      {subscription.price && <Text>Precio: {formatPrice(subscription.price)}</Text>}
      {periodEnd && (
        <Text>
          {periodLabel(subscription)}: {formatDate(periodEnd, timeZone, 'long')}
        </Text>
      )}
      {charge && <Text>{charge}</Text>}
      {subscription.status === 'past_due' && (
        <Alert color="yellow" variant="light" role="alert">
          No hemos podido cobrar tu última cuota. Actualiza tu tarjeta en «Gestionar suscripción» para no
          perder el acceso.
        </Alert>
      )}
      {/* Filled: the card is dark, and the light variant's navy on it was easy to miss. */}
      <Button
        w="fit-content"
        loading={leaving}
        onClick={() => portal.mutate(undefined, providerRedirect(M.unreachable))}
      >
        Gestionar suscripción
      </Button>
    </Stack>
  );
}

/**
 * Whether /perfil shows "Mi suscripción" (and links to it): a subscription to show, or plans the member may buy.
 * An administrator buys no plan: without a subscription of their own there is nothing to show them.
 */
export function useSubscriptionShown(): boolean {
  const subscription = useMySubscription();
  const user = useSession((state) => state.user);
  const billingEnabled = usePublicConfig().data?.billingEnabled;
  const hasOne = subscription.data !== undefined && subscription.data !== null;
  return hasOne || (billingEnabled === true && (user === null || !buysNoPlan(user)));
}

/**
 * "Mi suscripción" on /perfil: the member's plan, its status and dates, and the provider's Billing Portal. A
 * member without a subscription is told so (with the plans when payments run here); when they do not, and the
 * member has none, the section is not shown at all.
 */
export function SubscriptionSection() {
  const subscription = useMySubscription();
  const user = useSession((state) => state.user);
  // A member holds their role without paying when an administrator gave it: a courtesy of the community.
  const courtesy = user && !isAdmin(user) ? roleDisplayName(user.role_label ?? user.role) : null;
  if (!useSubscriptionShown()) return null;

  return (
    <ProfileSection title="Mi suscripción" titleId="subscription-title" titleGap="md">
      <ListState
        loading={subscription.isPending}
        error={subscription.error && errorMessage(subscription.error, M.load)}
        empty={subscription.data === null}
        loadingLabel="Cargando suscripción..."
        emptyLabel={
          courtesy ? (
            <>
              Tu acceso {courtesy} es una cortesía de la comunidad: no pagas ninguna suscripción. Si quieres
              más herramientas,{' '}
              <Anchor component={Link} to="/planes" underline="always">
                mira los planes
              </Anchor>
              .
            </>
          ) : (
            <>
              {M.noSubscription}.{' '}
              <Anchor component={Link} to="/planes" underline="always">
                Ver planes
              </Anchor>
            </>
          )
        }
        onRetry={() => void subscription.refetch()}
      >
        {subscription.data && <SubscriptionDetails subscription={subscription.data} />}
      </ListState>
    </ProfileSection>
  );
}
