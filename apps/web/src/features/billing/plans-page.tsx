import {
  BILLING_MESSAGES as M,
  buysNoPlan,
  EmailField,
  holdsSubscription,
  normalizeRoleName,
  type PublicPlan,
} from '@app/contracts';
import {
  Anchor,
  Badge,
  Button,
  Container,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconCheck, IconExternalLink } from '@tabler/icons-react';
import { useState } from 'react';
import { ListState } from '@/components/list-state';
import { RoleBadge } from '@/components/role-badge';
import { usePublicConfig } from '@/lib/public-config';
import { errorMessage } from '@/lib/query-client';
import { useSession } from '@/lib/session-store';
import { useMySubscription } from './api/get-my-subscription';
import { useOpenPortal } from './api/open-portal';
import { usePlans } from './api/get-plans';
import { useStartCheckout } from './api/start-checkout';
import { formatPrice } from '@/lib/format-price';
import { providerRedirect } from './provider-redirect';

const trialText = (days: number) => (days === 1 ? '1 día de prueba gratis' : `${days} días de prueba gratis`);

/**
 * A description that only lists the card's tools ("Acceso completo: Cafelito Virtual, Membresía…") keeps its
 * summary before the colon: the card lists the tools right below it.
 */
const planSummary = (description: string, tools: readonly { title: string }[]): string => {
  const colon = description.indexOf(':');
  if (colon < 0) return description;
  const rest = description.slice(colon + 1).toLowerCase();
  return tools.some((tool) => rest.includes(tool.title.toLowerCase()))
    ? description.slice(0, colon).trim()
    : description;
};

/**
 * What a card offers its reader: to subscribe (a visitor, a member without a subscription), nothing on the plan
 * they hold, a change in the Billing Portal on the others (a subscribed member), or nothing at all (an
 * administrator, who buys no plan).
 */
type Offer = 'subscribe' | 'current' | 'change' | 'none';

function PlanCard({
  plan,
  offer,
  isCurrent,
  checkout,
  onChoose,
  portal,
}: {
  plan: PublicPlan;
  offer: Offer;
  isCurrent: boolean;
  checkout: ReturnType<typeof useStartCheckout>;
  onChoose: (priceId: string) => void;
  portal: ReturnType<typeof useOpenPortal>;
}) {
  // Once a price is chosen, every button waits: the browser is leaving for the provider's page.
  const waiting = checkout.isPending || checkout.isSuccess;
  const titleId = `plan-${plan.role_id}`;
  const summary = plan.description ? planSummary(plan.description, plan.tools) : '';
  return (
    <Paper component="section" withBorder radius="md" p="lg" aria-labelledby={titleId}>
      <Stack gap="sm" h="100%">
        <Title order={2} size="h3" id={titleId}>
          <RoleBadge role={plan.name} />
        </Title>
        {isCurrent && (
          <Badge variant="filled" w="fit-content" tt="none">
            Plan actual
          </Badge>
        )}
        {summary && <Text c="dimmed">{summary}</Text>}
        <List
          spacing={4}
          size="sm"
          icon={<IconCheck size={16} aria-hidden="true" />}
          aria-label="Herramientas"
        >
          {plan.tools.map((tool) => (
            <List.Item key={tool.tool}>{tool.title}</List.Item>
          ))}
        </List>
        {offer === 'subscribe' && plan.trial_days !== null && (
          <Text fw={600} c="teal">
            {trialText(plan.trial_days)}
          </Text>
        )}
        <Stack gap="xs" mt="auto">
          {offer === 'subscribe' ? (
            plan.prices.map((price) => (
              <Button
                key={price.price_id}
                disabled={waiting && checkout.variables?.priceId !== price.price_id}
                loading={waiting && checkout.variables?.priceId === price.price_id}
                onClick={() => onChoose(price.price_id)}
              >
                Suscribirme por {formatPrice(price)}
              </Button>
            ))
          ) : (
            <Text fw={600}>{plan.prices.map(formatPrice).join(' o ')}</Text>
          )}
          {offer === 'change' && (
            <Button
              variant="light"
              loading={portal.isPending || portal.isSuccess}
              onClick={() => portal.mutate(undefined, providerRedirect(M.unreachable))}
            >
              Cambiar de plan
            </Button>
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}

/** Shown when payments do not run through the app: the community's own plans page, when it has one. */
function PaymentsOff() {
  const plansUrl = usePublicConfig().data?.membershipPlansUrl;
  return (
    <Stack align="flex-start" gap="sm">
      <Text>Los pagos en línea no están disponibles por ahora.</Text>
      {plansUrl && (
        <Anchor href={plansUrl} target="_blank" rel="noopener noreferrer">
          <IconExternalLink size={16} aria-hidden="true" /> Ver las membresías
        </Anchor>
      )}
    </Stack>
  );
}

/** /planes: every paid tier with its prices; a price's button opens the provider's hosted Checkout. */
export function PlansPage() {
  const plans = usePlans();
  const checkout = useStartCheckout();
  const user = useSession((state) => state.user);
  const admin = user !== null && buysNoPlan(user);
  const subscription = useMySubscription({ enabled: user !== null && !admin });
  // Until the member's subscription is known, no card offers a purchase that might be a second one.
  const checking = user !== null && !admin && subscription.isPending;
  const held = subscription.data && holdsSubscription(subscription.data.status) ? subscription.data : null;
  const portal = useOpenPortal();
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);

  // A visitor's email is optional: given, Stripe's page uses it and an earlier open page with it can no longer
  // be paid. A member pays with their account's email.
  const choose = (priceId: string) => {
    const typed = email.trim();
    if (!user && typed) {
      const parsed = EmailField.safeParse(typed);
      if (!parsed.success) {
        setEmailError(parsed.error.issues[0]?.message ?? 'El correo electrónico no es válido');
        return;
      }
    }
    checkout.mutate(
      { priceId, ...(!user && typed ? { email: typed } : {}) },
      providerRedirect(M.unreachable),
    );
  };

  return (
    <Container size="lg" py="lg">
      <Stack gap={4} mb="xl">
        <Title order={1}>Planes</Title>
        <Text c="dimmed" size="lg">
          Elige tu membresía y desbloquea sus herramientas al instante.
        </Text>
      </Stack>
      <ListState
        loading={plans.isPending}
        error={plans.error && errorMessage(plans.error, M.load)}
        empty={plans.data?.enabled === true && plans.data.plans.length === 0}
        loadingLabel="Cargando planes..."
        emptyLabel="Todavía no hay planes disponibles."
        onRetry={() => void plans.refetch()}
      >
        {plans.data?.enabled === false ? (
          <PaymentsOff />
        ) : (
          <Stack gap="lg">
            {!user && (
              <TextInput
                maw={420}
                type="email"
                autoComplete="email"
                label="Tu correo electrónico (opcional)"
                description="Lo verás en la página de pago. Si ya tienes cuenta, inicia sesión antes de elegir un plan."
                value={email}
                error={emailError}
                onChange={(event) => {
                  setEmail(event.currentTarget.value);
                  setEmailError(null);
                }}
              />
            )}
            {admin && <Text>{M.adminNoCheckout}: así ven los planes los miembros.</Text>}
            {held && (
              <Text>
                Ya tienes una suscripción. «Cambiar de plan» abre el portal de pagos de Stripe, que te dice
                qué pagarás antes de confirmar el cambio.
              </Text>
            )}
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
              {plans.data?.plans.map((plan) => {
                const isCurrent =
                  normalizeRoleName(plan.name) === normalizeRoleName(held?.plan ?? user?.role ?? '');
                const offer: Offer =
                  admin || checking ? 'none' : isCurrent ? 'current' : held ? 'change' : 'subscribe';
                return (
                  <PlanCard
                    key={plan.role_id}
                    plan={plan}
                    offer={offer}
                    isCurrent={isCurrent && !admin}
                    checkout={checkout}
                    onChoose={choose}
                    portal={portal}
                  />
                );
              })}
            </SimpleGrid>
          </Stack>
        )}
      </ListState>
      <Text size="sm" c="dimmed" mt="xl">
        El pago se hace en la página segura de Stripe: tus datos de tarjeta nunca pasan por este sitio.
      </Text>
    </Container>
  );
}
