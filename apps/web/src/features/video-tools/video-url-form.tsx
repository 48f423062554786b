import { SaveVideoBody } from '@app/contracts';
import { Button, Group, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useMemo } from 'react';
import type { ProviderConfig } from './providers';

/** The link input and "Obtener Info". Resolves with true when the link was saved (the input is then cleared). */
export function VideoUrlForm({
  config,
  busy,
  onSubmit,
}: {
  config: ProviderConfig;
  busy: boolean;
  onSubmit: (url: string) => Promise<boolean>;
}) {
  const schema = useMemo(
    () =>
      SaveVideoBody.superRefine(({ url }, ctx) => {
        const message = config.validateUrl(url);
        if (message) ctx.addIssue({ code: 'custom', path: ['url'], message });
      }),
    [config],
  );
  const form = useForm({ initialValues: { url: '' }, validate: zod4Resolver(schema) });

  return (
    <form
      noValidate
      onSubmit={form.onSubmit(async ({ url }) => {
        if (busy) return;
        if (await onSubmit(url.trim())) form.reset();
      })}
    >
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          label="URL del video"
          type="url"
          required
          placeholder={config.urlPlaceholder}
          style={{ flex: 1, minWidth: 240 }}
          disabled={busy}
          {...form.getInputProps('url')}
        />
        <Button type="submit" disabled={busy} mt={25}>
          {busy ? 'Procesando...' : 'Obtener Info'}
        </Button>
      </Group>
    </form>
  );
}
