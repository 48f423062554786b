import { ADMIN_ROLE, BILLING_MESSAGES as M, SETTINGS_MESSAGES, type BillingSettings } from '@app/contracts';
import { Alert, Badge, Button, CopyButton, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDelete } from '@/components/confirm-delete';
import { ListState } from '@/components/list-state';
import { errorMessage } from '@/lib/query-client';
import { useDeletePlan } from './api/delete-plan';
import { useBillingSettings } from './api/get-billing-settings';
import { useRoles } from './api/get-roles';
import { useTestBilling } from './api/test-billing';
import { PlanForm } from './plan-form';
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

/** /config, "Planes": the provider's state and one plan per paid role (every role but admin). */
export function PlansTab() {
  const settings = useBillingSettings();
  const roles = useRoles();
  const removal = useDeletePlan();
  const [toRemove, setToRemove] = useState<number | null>(null);
  const [justSaved, setJustSaved] = useState<number | null>(null);

  const paidRoles = roles.data?.filter((role) => role.name !== ADMIN_ROLE) ?? [];
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
        {paidRoles.map((role, index) => {
          const plan = settings.data?.plans.find((saved) => saved.role_id === role.id);
          return (
            <PlanForm
              // A saved plan fills the form afresh (the prices with their amounts).
              key={`${role.id}:${JSON.stringify(plan ?? null)}`}
              role={role}
              plan={plan}
              endRoles={paidRoles.filter((end) => end.id !== role.id)}
              position={index}
              places={paidRoles.length}
              justSaved={justSaved === role.id}
              onSaved={() => setJustSaved(role.id)}
              onEdited={() => setJustSaved((saved) => (saved === role.id ? null : saved))}
              onRemove={() => setToRemove(role.id)}
            />
          );
        })}
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
