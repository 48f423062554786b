import { AI_CONNECTION_MESSAGES, AI_PROVIDER_LABELS, AI_TEMPERATURE_MAX } from '@app/contracts';
import { Alert, Anchor, NumberInput, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { z } from 'zod';
import { useAiConnections } from '@/lib/ai-connections';
import { markServerField } from '@/lib/form-errors';
import { errorMessage } from '@/lib/query-client';
import { ConfigDialogFrame } from './config-dialog-frame';
import { DialogActions } from './dialog-actions';

/** What every AI tool's settings hold besides its prompts (contracts' AiToolConnectionConfig). */
export interface AiToolSettings {
  connection_id: string | null;
  model: string;
  temperature: number | null;
  monthly_token_cap: number | null;
}

/** One prompt field of a tool's settings. */
export interface PromptField<F extends string> {
  field: F;
  label: string;
  description?: string;
}

type FormValues<F extends string> = Record<F, string> & {
  connection_id: string | null;
  model: string;
  temperature: number | string;
  monthly_token_cap: number | string;
};

/** An empty number field means "none" (the provider's temperature, no cap). */
const numberOrNull = (value: number | string): number | null =>
  value === '' || value === null ? null : Number(value);

/**
 * The settings dialog of every AI tool (Texto, RedGram): its prompts, then the connection it uses (from
 * «Conexiones de IA»), the model, the temperature and the monthly token cap. A refusal is told inside the dialog
 * and on the field it names, never in a toast over «Guardar».
 */
export function AiToolConfigDialog<F extends string, Body extends Record<F, string> & AiToolSettings>({
  opened,
  onClose,
  prompts,
  config,
  save,
  schema,
  failedMessage,
  saveFailed,
  onSaved,
}: {
  opened: boolean;
  onClose: () => void;
  prompts: readonly PromptField<F>[];
  config: UseQueryResult<Record<F, string> & AiToolSettings>;
  save: UseMutationResult<{ message: string }, Error, Body>;
  schema: z.ZodType<Body>;
  failedMessage: string;
  saveFailed: string;
  onSaved: (message: string) => void;
}) {
  const connections = useAiConnections(opened);
  const [saveError, setSaveError] = useState<string | null>(null);
  const toBody = (values: FormValues<F>) =>
    ({
      ...values,
      temperature: numberOrNull(values.temperature),
      monthly_token_cap: numberOrNull(values.monthly_token_cap),
    }) as unknown as Body;
  const resolver = zod4Resolver(schema);
  const form = useForm<FormValues<F>>({
    initialValues: {
      ...Object.fromEntries(prompts.map(({ field }) => [field, ''])),
      connection_id: null,
      model: '',
      temperature: '',
      monthly_token_cap: '',
    } as FormValues<F>,
    validate: (values) => resolver(toBody(values)),
  });
  const settings = config.data !== undefined && !config.isFetching ? config.data : null;
  useEffect(() => {
    if (settings === null) return;
    setSaveError(null);
    form.setValues({
      ...settings,
      temperature: settings.temperature ?? '',
      monthly_token_cap: settings.monthly_token_cap ?? '',
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the form object is stable; fill once per load
  }, [settings]);

  const submit = (values: FormValues<F>) => {
    if (save.isPending) return;
    setSaveError(null);
    save.mutate(toBody(values), {
      onSuccess: (answer) => {
        onSaved(answer.message);
        onClose();
      },
      onError: (error) => {
        markServerField(form, error);
        setSaveError(errorMessage(error, saveFailed));
      },
    });
  };

  const list = connections.data?.connections ?? [];
  const options = list.map((connection) => ({
    value: connection.id,
    label: `${connection.name} (${AI_PROVIDER_LABELS[connection.provider]})`,
  }));
  const chosen = list.find((connection) => connection.id === form.getValues().connection_id);

  return (
    <ConfigDialogFrame
      opened={opened}
      onClose={onClose}
      loadError={config.isError ? failedMessage : null}
      loaded={settings !== null}
    >
      <form noValidate onSubmit={form.onSubmit(submit, () => setSaveError(null))}>
        <Stack gap="md">
          {prompts.map(({ field, label, description }) => (
            <Textarea
              key={field}
              label={label}
              description={description}
              autosize
              minRows={2}
              withAsterisk
              {...form.getInputProps(field)}
            />
          ))}
          {connections.isSuccess && list.length === 0 ? (
            <Alert color="yellow" variant="light" title="Aún no hay conexiones de IA">
              Créalas en{' '}
              <Anchor component={Link} to="/config?tab=ai">
                Configuración → Conexiones de IA
              </Anchor>
              .
            </Alert>
          ) : null}
          <Select
            label="Conexión de IA"
            placeholder={AI_CONNECTION_MESSAGES.connectionRequired}
            data={options}
            clearable
            allowDeselect={false}
            {...form.getInputProps('connection_id')}
          />
          <TextInput
            label="Modelo"
            description={
              chosen?.default_model
                ? `En blanco: el de la conexión (${chosen.default_model})`
                : 'En blanco: el modelo predeterminado de la conexión'
            }
            autoComplete="off"
            {...form.getInputProps('model')}
          />
          <NumberInput
            label="Temperatura"
            description="Entre 0 y 2. En blanco: la del proveedor."
            min={0}
            max={AI_TEMPERATURE_MAX}
            step={0.1}
            decimalScale={2}
            decimalSeparator=","
            {...form.getInputProps('temperature')}
          />
          <NumberInput
            label="Límite mensual de tokens"
            description="Al alcanzarlo, la herramienta se detiene hasta el mes siguiente. En blanco: sin límite."
            min={1}
            allowDecimal={false}
            thousandSeparator="."
            decimalSeparator=","
            {...form.getInputProps('monthly_token_cap')}
          />
          {saveError ? (
            <Alert color="red" role="alert">
              {saveError}
            </Alert>
          ) : null}
          <DialogActions onCancel={onClose} saving={save.isPending} submitLabel="Guardar" />
        </Stack>
      </form>
    </ConfigDialogFrame>
  );
}
