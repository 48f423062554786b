import {
  ADMIN_ROLE,
  BILLING_MESSAGES as M,
  SETTINGS_MESSAGES,
  type AdminPlan,
  type BillingSettings,
  type Role,
  roleDisplayName,
} from '@app/contracts';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  CopyButton,
  Group,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDelete } from '@/components/confirm-delete';
import { ListState } from '@/components/list-state';
import { errorMessage } from '@/lib/query-client';
import { useDeletePlan } from './api/delete-plan';
import { useBillingSettings } from './api/get-billing-settings';
import { useRoles } from './api/get-roles';
import { useTestBilling } from './api/test-billing';
import { useReorderPlans } from './api/reorder-plans';
import { PlanForm } from './plan-form';
import classes from './plans-tab.module.css';
import { WaitingPayments } from './waiting-payments';

/** Whether the server holds the keys (never the keys themselves), the webhook URL, and a test call. */
function ConnectionCard({ settings }: { settings: BillingSettings }) {
  const test = useTestBilling();
  const connected = settings.state === 'connected';
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="sm">
        <Group gap="sm">
          <Title order={3}>Stripe</Title>
          <Badge color={connected ? 'teal' : 'gray'} variant="light" tt="none">
            {connected ? 'Conectado' : 'No configurado'}
          </Badge>
        </Group>
        {!connected && (
          <Text c="dimmed">Define STRIPE_SECRET_KEY en el servidor para cobrar los planes con Stripe.</Text>
        )}
        <Text>
          Secreto del webhook:{' '}
          {settings.webhook_secret_set ? 'configurado' : 'no configurado (STRIPE_WEBHOOK_SECRET)'}
        </Text>
        {settings.webhook_url && (
          <Group align="flex-end" gap="xs" wrap="nowrap">
            <TextInput
              flex={1}
              readOnly
              label="URL del webhook"
              description="Regístrala en Stripe como destino de los eventos"
              value={settings.webhook_url}
            />
            <CopyButton value={settings.webhook_url}>
              {({ copied, copy }) => (
                <Button variant="default" onClick={copy}>
                  {copied ? 'Copiada' : 'Copiar'}
                </Button>
              )}
            </CopyButton>
          </Group>
        )}
        <Button variant="light" w="fit-content" loading={test.isPending} onClick={() => test.mutate()}>
          Probar conexión
        </Button>
        {(test.data ?? test.error) && (
          <Alert color={test.data?.ok ? 'teal' : 'red'} variant="light" role="status">
            {test.data ? test.data.message : errorMessage(test.error, M.unreachable)}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

/** Saved plans that would sell administration: the administrator must fix them (the server also logs them). */
function PlanWarnings({ warnings }: { warnings: readonly string[] }) {
  if (warnings.length === 0) return null;
  return (
    <Alert color="orange" variant="light" title="Revisa estos planes" role="alert">
      <Stack gap={4}>
        {warnings.map((warning) => (
          <Text key={warning} size="sm">
            {warning}
          </Text>
        ))}
      </Stack>
    </Alert>
  );
}

/** «1.º», «2.º»…: a place on the plans page, from the first card on. */
const placeLabel = (place: number) => `${place + 1}.º`;

/**
 * The paid roles as the plans page orders them: the saved plans by position, then the roles without a plan.
 * Each opens its plan in the one editor; a saved plan moves up or down the page.
 */
function PlansList({
  roles,
  plans,
  selected,
  onSelect,
}: {
  roles: readonly Role[];
  plans: readonly AdminPlan[];
  selected: number | undefined;
  onSelect: (roleId: number) => void;
}) {
  const reorder = useReorderPlans();
  const saved = [...plans].sort((a, b) => a.position - b.position);
  const move = (index: number, by: -1 | 1) => {
    const order = [...saved];
    const [moved] = order.splice(index, 1);
    if (moved === undefined) return;
    order.splice(index + by, 0, moved);
    reorder.mutate(order);
  };
  const withPlan = saved.flatMap((plan) => roles.filter((role) => role.id === plan.role_id));
  const without = roles.filter((role) => !plans.some((plan) => plan.role_id === role.id));
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="plans-list-title">
      <Title order={3} id="plans-list-title">
        Orden en la página de planes
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Elige un plan para editarlo. Las flechas cambian su lugar en la página de planes.
      </Text>
      <Stack gap={4} component="ul" className={classes.list}>
        {[...withPlan, ...without].map((role) => {
          const index = withPlan.indexOf(role);
          const name = roleDisplayName(role.name);
          const plan = plans.find((saved) => saved.role_id === role.id);
          const current = role.id === selected;
          return (
            <Group
              component="li"
              key={role.id}
              gap="xs"
              wrap="nowrap"
              className={classes.row}
              data-active={current || undefined}
            >
              <UnstyledButton
                className={classes.pick}
                aria-pressed={current}
                onClick={() => onSelect(role.id)}
              >
                <Text fw={600}>{name}</Text>
                <Text size="sm" c="dimmed">
                  {plan
                    ? `${placeLabel(index)} · ${plan.prices.length === 1 ? '1 precio' : `${plan.prices.length} precios`}`
                    : 'Sin plan'}
                </Text>
              </UnstyledButton>
              {plan && (
                <>
                  <ActionIcon
                    variant="default"
                    size="lg"
                    aria-label={`Subir ${name}`}
                    disabled={index === 0 || reorder.isPending}
                    onClick={() => move(index, -1)}
                  >
                    <IconArrowUp size={18} aria-hidden="true" />
                  </ActionIcon>
                  <ActionIcon
                    variant="default"
                    size="lg"
                    aria-label={`Bajar ${name}`}
                    disabled={index === withPlan.length - 1 || reorder.isPending}
                    onClick={() => move(index, 1)}
                  >
                    <IconArrowDown size={18} aria-hidden="true" />
                  </ActionIcon>
                </>
              )}
            </Group>
          );
        })}
      </Stack>
      {reorder.error && (
        <Text size="sm" c="red" role="alert" mt="xs">
          {errorMessage(reorder.error, M.save)}
        </Text>
      )}
    </Paper>
  );
}

/**
 * /config, "Planes": the provider's state, the paid roles' plans in their order (every role but admin), and
 * one plan's editor at a time (Stripe's and Kajabi's products).
 */
export function PlansTab() {
  const settings = useBillingSettings();
  const roles = useRoles();
  const removal = useDeletePlan();
  const [toRemove, setToRemove] = useState<number | null>(null);
  const [justSaved, setJustSaved] = useState<number | null>(null);
  const [chosen, setChosen] = useState<number | null>(null);

  const paidRoles = roles.data?.filter((role) => role.name !== ADMIN_ROLE) ?? [];
  const plans = settings.data?.plans ?? [];
  const editing = paidRoles.find((role) => role.id === chosen) ?? paidRoles[0];
  const editingPlan = plans.find((saved) => saved.role_id === editing?.id);
  const failed = settings.error ?? roles.error;
  const retry = () => {
    if (settings.isError) void settings.refetch();
    if (roles.isError) void roles.refetch();
  };

  return (
    <Stack gap="md">
      <Title order={2}>Planes de pago</Title>
      <ListState
        loading={settings.isPending || roles.isPending}
        error={failed && errorMessage(failed, settings.error ? M.load : SETTINGS_MESSAGES.loadRoles)}
        empty={paidRoles.length === 0}
        loadingLabel="Cargando planes..."
        emptyLabel="No hay roles de pago: crea uno en la pestaña Roles"
        onRetry={retry}
      >
        {settings.data && <PlanWarnings warnings={settings.data.warnings} />}
        {settings.data && <ConnectionCard settings={settings.data} />}
        {settings.data && <WaitingPayments waiting={settings.data.waiting} />}
        {settings.data && (
          <PlansList
            roles={paidRoles}
            plans={plans}
            selected={editing?.id}
            onSelect={(roleId) => {
              setChosen(roleId);
              setJustSaved(null);
            }}
          />
        )}
        {editing && (
          <PlanForm
            // A saved plan fills the form afresh (the prices with their amounts).
            key={`${editing.id}:${JSON.stringify(editingPlan ?? null)}`}
            role={editing}
            plan={editingPlan}
            endRoles={paidRoles.filter((end) => end.id !== editing.id)}
            position={plans.length === 0 ? 0 : Math.max(...plans.map((plan) => plan.position)) + 1}
            justSaved={justSaved === editing.id}
            onSaved={() => setJustSaved(editing.id)}
            onEdited={() => setJustSaved((saved) => (saved === editing.id ? null : saved))}
            onRemove={() => setToRemove(editing.id)}
          />
        )}
      </ListState>

      <ConfirmDelete
        id={toRemove}
        title="Quitar plan"
        message="¿Estás seguro de que deseas quitar el plan de este rol? Dejará de aparecer en la página de planes."
        remove={removal}
        doneMessage={M.deleted}
        fallbackError={M.save}
        onClose={() => setToRemove(null)}
      />
    </Stack>
  );
}
