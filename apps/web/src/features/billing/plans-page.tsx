import { BILLING_MESSAGES as M, EmailField, normalizeRoleName, type PublicPlan } from '@app/contracts';
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
import { usePlans } from './api/get-plans';
import { useStartCheckout } from './api/start-checkout';
import { formatPrice } from '@/lib/format-price';
import { providerRedirect } from './provider-redirect';

const trialText = (days: number) => (days === 1 ? '1 día de prueba gratis' : `${days} días de prueba gratis`);

function PlanCard({
  plan,
  isCurrent,
  checkout,
  onChoose,
}: {
  plan: PublicPlan;
  isCurrent: boolean;
  checkout: ReturnType<typeof useStartCheckout>;
  onChoose: (priceId: string) => void;
}) {
  // Once a price is chosen, every button waits: the browser is leaving for the provider's page.
  const waiting = checkout.isPending || checkout.isSuccess;
  const titleId = `plan-${plan.role_id}`;
  return (
    <Paper component="section" withBorder radius="md" p="lg" aria-labelledby={titleId}>
      <Stack gap="sm" h="100%">
        <Title order={2} size="h3" id={titleId}>
          <RoleBadge role={plan.name} />
        </Title>
        {isCurrent && (
          <Badge variant="filled" w="fit-content">
            Tu membresía actual
          </Badge>
        )}
        {plan.description && <Text c="dimmed">{plan.description}</Text>}
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
        {plan.trial_days !== null && (
          <Text fw={600} c="teal">
            {trialText(plan.trial_days)}
          </Text>
        )}
        <Stack gap="xs" mt="auto">
          {plan.prices.map((price) => (
            <Button
              key={price.price_id}
              disabled={waiting && checkout.variables?.priceId !== price.price_id}
              loading={waiting && checkout.variables?.priceId === price.price_id}
              onClick={() => onChoose(price.price_id)}
            >
              {formatPrice(price)}
            </Button>
          ))}
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
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
              {plans.data?.plans.map((plan) => (
                <PlanCard
                  key={plan.role_id}
                  plan={plan}
                  isCurrent={normalizeRoleName(plan.name) === user?.role}
                  checkout={checkout}
                  onChoose={choose}
                />
              ))}
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
