import {
  AI_PROVIDER_LABELS,
  AI_PROVIDER_MESSAGES,
  AI_PROVIDERS,
  type AiConnectionTestBody,
  type AiConnectionTestResult,
  type AiModelsBody,
  type AiModelsResponse,
  type AiProvider,
} from '@app/contracts';
import {
  Alert,
  Autocomplete,
  Button,
  Checkbox,
  Group,
  PasswordInput,
  Radio,
  Stack,
  TextInput,
} from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { errorMessage } from '@/lib/query-client';
import { keyDescription, type WriteOnlyKey } from '@/lib/use-settings-form';

type ProviderField =
  'provider' | 'openai_base_url' | 'openai_model' | 'openai_api_key' | 'remove_openai_api_key';

/** The form values the provider part reads (the tool's own fields besides them). */
export interface ProviderFormValues {
  provider?: AiProvider | undefined;
  openai_base_url?: string | undefined;
  openai_model?: string | undefined;
  openai_api_key?: string | undefined;
  remove_openai_api_key?: boolean | undefined;
  gemini_api_key: string;
  api_url?: string | undefined;
}

/**
 * The provider part of an AI tool's settings: Google Gemini (the tool's own Gemini fields, `geminiFields`) or an
 * OpenAI-compatible server (address, write-only key, a model from the server's list or typed), and "Probar
 * conexión", which tries the values in the form before they are saved.
 */
export function AiProviderFields({
  values,
  inputProps,
  serverKey,
  geminiFields,
  test,
  models,
}: {
  values: ProviderFormValues;
  inputProps: (field: ProviderField, options?: { type: 'checkbox' }) => GetInputPropsReturnType;
  serverKey: WriteOnlyKey | undefined;
  geminiFields: ReactNode;
  test: UseMutationResult<AiConnectionTestResult, Error, AiConnectionTestBody>;
  models: UseMutationResult<AiModelsResponse, Error, AiModelsBody>;
}) {
  const [modelsNote, setModelsNote] = useState<string | null>(null);
  const provider = values.provider ?? 'gemini';
  const baseUrl = values.openai_base_url ?? '';
  const serverKeyTyped = values.openai_api_key ?? '';
  const removeKey = values.remove_openai_api_key === true;

  const runTest = () =>
    test.mutate({
      provider,
      openai_base_url: baseUrl,
      openai_model: values.openai_model ?? '',
      openai_api_key: serverKeyTyped,
      remove_openai_api_key: removeKey,
      gemini_api_key: values.gemini_api_key,
      ...(values.api_url !== undefined ? { api_url: values.api_url } : {}),
    });

  const loadModels = () =>
    models.mutate(
      { openai_base_url: baseUrl, openai_api_key: serverKeyTyped, remove_openai_api_key: removeKey },
      {
        onSuccess: (answer) =>
          setModelsNote(
            answer.models.length === 0
              ? AI_PROVIDER_MESSAGES.noModels
              : `${answer.models.length} modelos disponibles: elige uno o escribe su nombre.`,
          ),
        onError: () => setModelsNote(null),
      },
    );

  // A failed «Cargar modelos» is an error to act on, not a hint under the field.
  const modelsError =
    models.error && !models.isPending ? errorMessage(models.error, AI_PROVIDER_MESSAGES.modelsFailed) : null;
  const result =
    test.data ??
    (test.error ? { ok: false, message: errorMessage(test.error, AI_PROVIDER_MESSAGES.testFailed) } : null);

  return (
    <Stack gap="md">
      <Radio.Group label="Proveedor de IA" {...inputProps('provider')} value={provider}>
        <Group mt="xs">
          {AI_PROVIDERS.map((option) => (
            <Radio key={option} value={option} label={AI_PROVIDER_LABELS[option]} />
          ))}
        </Group>
      </Radio.Group>
      {provider === 'gemini' ? (
        geminiFields
      ) : (
        <>
          <TextInput
            label="URL del servidor"
            description="Hasta la versión de la API, por ejemplo https://api.mistral.ai/v1 o http://ollama:11434/v1"
            withAsterisk
            autoComplete="off"
            {...inputProps('openai_base_url')}
          />
          <PasswordInput
            label="API key del servidor"
            description={
              serverKey?.set
                ? keyDescription(serverKey)
                : 'No configurada. Déjala en blanco si el servidor no la pide.'
            }
            autoComplete="off"
            {...inputProps('openai_api_key')}
          />
          {serverKey?.set ? (
            <Checkbox
              label="Quitar la API key guardada (para un servidor que no la pide, como Ollama)"
              {...inputProps('remove_openai_api_key', { type: 'checkbox' })}
            />
          ) : null}
          <Group align="flex-end" wrap="wrap" gap="sm">
            <Autocomplete
              label="Modelo"
              description={modelsNote ?? 'Elige uno de la lista del servidor o escribe su nombre'}
              withAsterisk
              data={models.data?.models ?? []}
              style={{ flex: '1 1 14rem' }}
              {...inputProps('openai_model')}
            />
            <Button
              variant="default"
              onClick={loadModels}
              loading={models.isPending}
              disabled={baseUrl === ''}
            >
              Cargar modelos
            </Button>
          </Group>
          {modelsError ? (
            <Alert color="red" variant="light" role="alert">
              {modelsError}
            </Alert>
          ) : null}
        </>
      )}
      <Group gap="sm">
        <Button variant="light" onClick={runTest} loading={test.isPending}>
          Probar conexión
        </Button>
      </Group>
      {result && !test.isPending ? (
        <Alert
          color={result.ok ? 'teal' : 'red'}
          role="status"
          title={result.ok ? 'Prueba superada' : 'La prueba falló'}
        >
          {result.message}
        </Alert>
      ) : null}
    </Stack>
  );
}
