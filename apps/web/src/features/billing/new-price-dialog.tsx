import {
  BILLING_MESSAGES as M,
  NEW_PRICE_CURRENCIES,
  type BillingInterval,
  type CreatePlanPriceBody,
} from '@app/contracts';
import { NumberInput, Select, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { DialogActions } from '@/components/dialog-actions';
import { FormDialog } from '@/components/form-dialog';
import { markServerField } from '@/lib/form-errors';
import { notifyDone } from '@/lib/notify';
import { errorMessage } from '@/lib/query-client';
import { useCreatePlanPrice } from './api/create-plan-price';

const INTERVALS: { value: BillingInterval; label: string }[] = [
  { value: 'month', label: 'Mensual' },
  { value: 'year', label: 'Anual' },
  { value: 'week', label: 'Semanal' },
  { value: 'day', label: 'Diario' },
];

interface Values {
  name: string;
  /** In the currency's unit as typed ("29,90"); sent in cents. */
  amount: number | string;
  currency: CreatePlanPriceBody['currency'];
  interval: BillingInterval;
}

/** A new price typed in the app: the server creates the product and the price at Stripe and adds it to the plan. */
export function NewPriceDialog({
  roleId,
  productName,
  opened,
  onClose,
}: {
  roleId: number;
  productName: string;
  opened: boolean;
  onClose: () => void;
}) {
  const create = useCreatePlanPrice(roleId);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { name: productName, amount: '', currency: 'eur', interval: 'month' },
    validate: {
      name: (value) => (value.trim() === '' ? 'Indica el nombre del producto' : null),
      amount: (value) => (value === '' || Number(value) <= 0 ? 'Indica el importe' : null),
    },
  });

  const close = () => {
    create.reset();
    form.reset();
    onClose();
  };

  const submit = (values: Values) => {
    if (create.isPending) return;
    const body: CreatePlanPriceBody = {
      name: values.name.trim(),
      amount: Math.round(Number(values.amount) * 100),
      currency: values.currency,
      interval: values.interval,
    };
    create.mutate(body, {
      onSuccess: () => {
        notifyDone(M.priceCreated);
        close();
      },
      // The server's message shows in the dialog; a field it names is marked too.
      onError: (error) => markServerField(form, error),
    });
  };

  return (
    <FormDialog
      opened={opened}
      title="Crear un precio en Stripe"
      saving={create.isPending}
      error={create.error && errorMessage(create.error, M.save)}
      onClose={close}
      onSubmit={form.onSubmit(submit)}
    >
      <Text size="sm" c="dimmed">
        El precio se crea en Stripe y se añade a este plan al momento.
      </Text>
      <TextInput
        label="Nombre del producto"
        description="Lo que el miembro ve en la página de pago de Stripe"
        {...form.getInputProps('name')}
      />
      <NumberInput
        label="Importe"
        decimalScale={2}
        decimalSeparator=","
        allowNegative={false}
        min={0}
        {...form.getInputProps('amount')}
      />
      <Select
        label="Moneda"
        allowDeselect={false}
        data={NEW_PRICE_CURRENCIES.map((code) => ({ value: code, label: code.toUpperCase() }))}
        {...form.getInputProps('currency')}
      />
      <Select label="Periodo" allowDeselect={false} data={INTERVALS} {...form.getInputProps('interval')} />
      <DialogActions saving={create.isPending} onCancel={close} submitLabel="Crear precio" />
    </FormDialog>
  );
}
