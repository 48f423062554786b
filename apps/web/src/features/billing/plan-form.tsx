import {
  type AdminPlan,
  BILLING_MESSAGES as M,
  PLAN_PRICES_MAX,
  type Role,
  roleDisplayName,
  SavePlanBody,
} from '@app/contracts';
import {
  ActionIcon,
  Button,
  Group,
  NumberInput,
  Paper,
  Radio,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCurrencyEuro, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { markServerField } from '@/lib/form-errors';
import { errorMessage } from '@/lib/query-client';
import { useSavePlan } from './api/save-plan';
import { initialValues } from './plan-values';
import { NewPriceDialog } from './new-price-dialog';
import { formatPrice } from '@/lib/format-price';

/** NumberInput's empty value ('') is "none". */
const orNull = (value: string | number): number | null => (value === '' ? null : Number(value));

export interface PlanFormProps {
  role: Role;
  /** The saved plan; undefined while the role has none. */
  plan: AdminPlan | undefined;
  /** The roles a member can move to when the subscription ends. */
  endRoles: readonly Role[];
  /** The position a new plan starts with (after the saved ones); the list moves saved plans up and down. */
  position: number;
  /** True right after this plan was saved: said beside «Guardar plan», where a toast would cover it. */
  justSaved: boolean;
  onSaved: () => void;
  onEdited: () => void;
  onRemove: () => void;
}

/** One paid role's plan: its prices in the visitor's order, the end rule, trial, promotion codes and tax. */
export function PlanForm({
  role,
  plan,
  endRoles,
  position,
  justSaved,
  onSaved,
  onEdited,
  onRemove,
}: PlanFormProps) {
  const save = useSavePlan(role.id);
  const [creating, setCreating] = useState(false);
  const form = useForm<SavePlanBody>({
    mode: 'controlled',
    initialValues: initialValues(plan, position),
    validate: zod4Resolver(SavePlanBody),
    onValuesChange: onEdited,
  });
  const { price_ids: priceIds, end_action: endAction } = form.values;
  const savedPrice = (id: string) => plan?.prices.find((price) => price.price_id === id.trim());
  const titleId = `plan-role-${role.id}`;

  const submit = (values: SavePlanBody) => {
    if (save.isPending) return;
    // The answer is said beside «Guardar plan»: a toast would lie over the button.
    save.mutate(values, {
      onSuccess: onSaved,
      onError: (error) => markServerField(form, error),
    });
  };

  return (
    <Paper component="section" withBorder radius="md" p="lg" aria-labelledby={titleId}>
      <form noValidate onSubmit={form.onSubmit(submit)}>
        <Stack gap="md">
          <Group justify="space-between">
            <Title order={3} id={titleId}>
              {roleDisplayName(role.name)}
            </Title>
            <Text size="sm" c="dimmed">
              {plan ? 'Plan guardado' : 'Sin plan'}
            </Text>
          </Group>

          <Stack gap="xs">
            {priceIds.map((id, index) => {
              const saved = savedPrice(id);
              return (
                <Group key={index} align="flex-start" gap="xs" wrap="nowrap">
                  <TextInput
                    flex={1}
                    label={`Precio ${index + 1}`}
                    placeholder="price_..."
                    autoComplete="off"
                    description={saved ? formatPrice(saved) : 'Identificador del precio en Stripe'}
                    {...form.getInputProps(`price_ids.${index}`)}
                  />
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    mt={28}
                    size="lg"
                    aria-label={`Quitar precio ${index + 1}`}
                    disabled={priceIds.length === 1}
                    onClick={() => form.removeListItem('price_ids', index)}
                  >
                    <IconTrash size={18} aria-hidden="true" />
                  </ActionIcon>
                </Group>
              );
            })}
            {typeof form.errors.price_ids === 'string' && (
              <Text size="sm" c="red" role="alert">
                {form.errors.price_ids}
              </Text>
            )}
            <Group gap="xs">
              <Button
                variant="default"
                leftSection={<IconPlus size={16} aria-hidden="true" />}
                disabled={priceIds.length >= PLAN_PRICES_MAX}
                onClick={() => form.insertListItem('price_ids', '')}
              >
                Añadir precio
              </Button>
              <Button
                variant="light"
                leftSection={<IconCurrencyEuro size={16} aria-hidden="true" />}
                disabled={(plan?.prices.length ?? 0) >= PLAN_PRICES_MAX}
                onClick={() => setCreating(true)}
              >
                Crear precio en Stripe
              </Button>
            </Group>
          </Stack>

          <Radio.Group
            label="Cuando termina la suscripción"
            value={endAction}
            onChange={(value) => form.setFieldValue('end_action', value === 'role' ? 'role' : 'deactivate')}
          >
            <Stack gap={8} mt="xs">
              <Radio value="role" label="Pasar al miembro a otro rol" />
              <Radio value="deactivate" label="Desactivar la cuenta" />
            </Stack>
          </Radio.Group>
          {endAction === 'role' && (
            <Select
              label="Rol al terminar"
              placeholder="Elige un rol"
              data={endRoles.map((end) => ({ value: String(end.id), label: roleDisplayName(end.name) }))}
              value={form.values.end_role_id === null ? null : String(form.values.end_role_id)}
              onChange={(value) => form.setFieldValue('end_role_id', value === null ? null : Number(value))}
              error={form.errors.end_role_id}
            />
          )}

          <NumberInput
            label="Días de prueba gratis"
            description="En blanco: sin prueba"
            allowDecimal={false}
            allowNegative={false}
            maw={240}
            value={form.values.trial_days ?? ''}
            onChange={(value) => form.setFieldValue('trial_days', orNull(value))}
            error={form.errors.trial_days}
          />

          <Switch
            label="Aceptar códigos promocionales"
            {...form.getInputProps('allow_promotion_codes', { type: 'checkbox' })}
          />
          <Switch
            label="Impuestos automáticos (Stripe Tax)"
            {...form.getInputProps('automatic_tax', { type: 'checkbox' })}
          />

          <Group justify="flex-end">
            {save.error && (
              <Text size="sm" c="red" role="alert">
                {errorMessage(save.error, M.save)}
              </Text>
            )}
            {justSaved && (
              <Text size="sm" c="teal" role="status">
                Cambios guardados
              </Text>
            )}
            {plan && (
              <Button variant="default" color="red" onClick={onRemove} disabled={save.isPending}>
                Quitar plan
              </Button>
            )}
            <Button type="submit" loading={save.isPending}>
              Guardar plan
            </Button>
          </Group>
        </Stack>
      </form>
      <NewPriceDialog
        roleId={role.id}
        productName={roleDisplayName(role.name)}
        opened={creating}
        onClose={() => setCreating(false)}
      />
    </Paper>
  );
}
