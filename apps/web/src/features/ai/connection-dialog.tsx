import {
  AI_PROVIDER_LABELS,
  AI_PROVIDERS,
  AiConnectionBody,
  isSecretHeader,
  type AiConnection,
} from '@app/contracts';
import {
  ActionIcon,
  Alert,
  Autocomplete,
  Button,
  Checkbox,
  Group,
  PasswordInput,
  Radio,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useEffect, useState } from 'react';
import { DialogActions } from '@/components/dialog-actions';
import { FormDialog } from '@/components/form-dialog';
import { markServerField } from '@/lib/form-errors';
import { notifyDone } from '@/lib/notify';
import { errorMessage } from '@/lib/query-client';
import { keyDescription } from '@/lib/use-settings-form';
import { useCreateAiConnection } from './api/create-connection';
import { useAiConnectionModels } from './api/list-models';
import { useUpdateAiConnection } from './api/update-connection';

const EMPTY: AiConnectionBody = {
  name: '',
  provider: 'openai',
  base_url: '',
  api_key: '',
  remove_api_key: false,
  headers: [],
  query: [],
  default_model: '',
};

/** The form's values for a saved connection: its key and secret headers blank (blank keeps them). */
const valuesOf = (connection: AiConnection): AiConnectionBody => ({
  name: connection.name,
  provider: connection.provider,
  base_url: connection.base_url,
  api_key: '',
  remove_api_key: false,
  headers: connection.headers.map(({ name, value }) => ({ name, value: value ?? '' })),
  query: connection.query,
  default_model: connection.default_model,
});

/** Name-value rows (extra headers, query parameters), with a button to add one and one to remove each. */
function PairRows({
  label,
  itemLabel,
  addLabel,
  rows,
  onAdd,
  onRemove,
  input,
  secretHint,
}: {
  label: string;
  /** How one row's fields are named: «Cabecera 1», «Valor de Cabecera 1». */
  itemLabel: string;
  addLabel: string;
  rows: { name: string; value: string }[];
  onAdd: () => void;
  onRemove: (index: number) => void;
  input: (index: number, part: 'name' | 'value') => object;
  secretHint?: (name: string) => string | undefined;
}) {
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      {rows.map((row, index) => (
        <Group key={index} align="flex-start" wrap="wrap" gap="xs">
          <TextInput
            label={`${itemLabel} ${index + 1}`}
            style={{ flex: '1 1 9rem' }}
            autoComplete="off"
            {...input(index, 'name')}
          />
          {secretHint?.(row.name) !== undefined ? (
            <PasswordInput
              label={`Valor de ${itemLabel.toLowerCase()} ${index + 1}`}
              description={secretHint(row.name)}
              style={{ flex: '2 1 12rem' }}
              autoComplete="off"
              {...input(index, 'value')}
            />
          ) : (
            <TextInput
              label={`Valor de ${itemLabel.toLowerCase()} ${index + 1}`}
              style={{ flex: '2 1 12rem' }}
              autoComplete="off"
              {...input(index, 'value')}
            />
          )}
          <ActionIcon
            variant="subtle"
            color="red"
            mt={24}
            aria-label={`Quitar ${itemLabel.toLowerCase()} ${index + 1}`}
            onClick={() => onRemove(index)}
          >
            <IconTrash size={16} aria-hidden="true" />
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <Button
          variant="subtle"
          size="xs"
          leftSection={<IconPlus size={14} aria-hidden="true" />}
          onClick={onAdd}
        >
          {addLabel}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * Creates or edits an AI connection: Gemini or an OpenAI-compatible server, its key (write-only: blank keeps
 * it), extra headers (those that carry a credential are write-only too), query parameters and default model.
 */
export function ConnectionDialog({
  connection,
  opened,
  onClose,
}: {
  /** The connection edited; null creates one. */
  connection: AiConnection | null;
  opened: boolean;
  onClose: () => void;
}) {
  const create = useCreateAiConnection();
  const update = useUpdateAiConnection();
  const models = useAiConnectionModels();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<AiConnectionBody>({ initialValues: EMPTY, validate: zod4Resolver(AiConnectionBody) });

  useEffect(() => {
    if (!opened) return;
    setError(null);
    models.reset();
    form.setValues(connection ? valuesOf(connection) : EMPTY);
    form.resetDirty();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- fill once per opening
  }, [opened, connection]);

  const values = form.getValues();
  const saving = create.isPending || update.isPending;
  const storedSecret = (name: string) =>
    connection?.headers.some(
      (header) => header.secret && header.name.toLowerCase() === name.trim().toLowerCase(),
    );

  const save = (body: AiConnectionBody) => {
    if (saving) return;
    setError(null);
    const handlers = {
      onSuccess: (answer: { message: string }) => {
        notifyDone(answer.message);
        onClose();
      },
      onError: (failure: Error) => {
        markServerField(form, failure);
        setError(errorMessage(failure, 'No se pudo guardar la conexión'));
      },
    };
    if (connection) update.mutate({ id: connection.id, body }, handlers);
    else create.mutate(body, handlers);
  };

  return (
    <FormDialog
      opened={opened}
      title={connection ? 'Editar conexión de IA' : 'Nueva conexión de IA'}
      saving={saving}
      error={error}
      onClose={onClose}
      onSubmit={form.onSubmit(save)}
    >
      <TextInput label="Nombre" withAsterisk autoComplete="off" {...form.getInputProps('name')} />
      <Radio.Group label="Proveedor de IA" {...form.getInputProps('provider')}>
        <Group mt="xs">
          {AI_PROVIDERS.map((option) => (
            <Radio key={option} value={option} label={AI_PROVIDER_LABELS[option]} />
          ))}
        </Group>
      </Radio.Group>
      <TextInput
        label="URL del servidor"
        description={
          values.provider === 'openai'
            ? 'Hasta la versión de la API, por ejemplo https://api.mistral.ai/v1 o http://ollama:11434/v1'
            : 'Dirección base de Gemini. Déjala en blanco para usar la predeterminada.'
        }
        withAsterisk={values.provider === 'openai'}
        autoComplete="off"
        {...form.getInputProps('base_url')}
      />
      <PasswordInput
        label="API key"
        description={
          connection?.api_key.set
            ? keyDescription(connection.api_key)
            : 'No configurada. Déjala en blanco si el servidor no la pide.'
        }
        autoComplete="off"
        {...form.getInputProps('api_key')}
      />
      {connection?.api_key.set ? (
        <Checkbox
          label="Quitar la API key guardada (para un servidor que no la pide, como Ollama)"
          {...form.getInputProps('remove_api_key', { type: 'checkbox' })}
        />
      ) : null}
      <PairRows
        label="Cabeceras adicionales"
        itemLabel="Cabecera"
        addLabel="Añadir cabecera"
        rows={values.headers}
        onAdd={() => form.insertListItem('headers', { name: '', value: '' })}
        onRemove={(index) => form.removeListItem('headers', index)}
        input={(index, part) => form.getInputProps(`headers.${index}.${part}`)}
        secretHint={(name) =>
          isSecretHeader(name)
            ? storedSecret(name)
              ? 'Guardada. Déjala en blanco para mantenerla.'
              : 'Se guarda cifrada y no se vuelve a mostrar.'
            : undefined
        }
      />
      <PairRows
        label="Parámetros de la URL"
        itemLabel="Parámetro"
        addLabel="Añadir parámetro"
        rows={values.query}
        onAdd={() => form.insertListItem('query', { name: '', value: '' })}
        onRemove={(index) => form.removeListItem('query', index)}
        input={(index, part) => form.getInputProps(`query.${index}.${part}`)}
      />
      <Group align="flex-end" wrap="wrap" gap="sm">
        <Autocomplete
          label="Modelo predeterminado"
          description={
            models.data
              ? models.data.models.length === 0
                ? 'El servidor no ofrece una lista de modelos: escribe el nombre del modelo'
                : `${models.data.models.length} modelos disponibles: elige uno o escribe su nombre.`
              : 'El que usan las herramientas que no eligen otro'
          }
          data={models.data?.models ?? []}
          style={{ flex: '1 1 14rem' }}
          {...form.getInputProps('default_model')}
        />
        {connection?.provider === 'openai' ? (
          <Button variant="default" onClick={() => models.mutate(connection.id)} loading={models.isPending}>
            Cargar modelos
          </Button>
        ) : null}
      </Group>
      {/* A failed «Cargar modelos» is an error to act on, not a hint under the field. */}
      {models.error && !models.isPending ? (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(models.error, 'No se pudo obtener la lista de modelos')}
        </Alert>
      ) : null}
      <DialogActions onCancel={onClose} saving={saving} submitLabel="Guardar" />
    </FormDialog>
  );
}
