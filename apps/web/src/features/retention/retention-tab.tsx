import {
  RETENTION_COUNT_LABELS,
  RETENTION_DEFAULTS,
  RETENTION_LABELS,
  RETENTION_LIMITS,
  RETENTION_MESSAGES as M,
  RetentionSettings,
  type RetentionCounts,
  type RetentionView,
} from '@app/contracts';
import { Button, Group, List, NumberInput, Paper, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useEffect, useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ListState } from '@/components/list-state';
import { formatDateTime } from '@/lib/format-date';
import { notifyFailed } from '@/lib/notify';
import { saveOutcome } from '@/lib/form-errors';
import { useTimeZone } from '@/lib/public-config';
import { errorMessage } from '@/lib/query-client';
import { useRetention } from './api/get-retention';
import { usePreviewRetention } from './api/preview-retention';
import { useSaveRetention } from './api/save-retention';

const KEYS = Object.keys(RETENTION_LABELS) as (keyof RetentionSettings)[];

function LastRun({ run }: { run: RetentionView['last_run'] }) {
  const timeZone = useTimeZone();
  if (!run) return <Text c="dimmed">Todavía no se ha hecho ninguna limpieza.</Text>;
  return (
    <Text c="dimmed">
      Última limpieza: {formatDateTime(run.ran_at, timeZone)}. Se eliminaron {run.removed.ai} textos de IA,{' '}
      {run.removed.signin} inicios de sesión, {run.removed.video} registros de vídeos y {run.removed.mail}{' '}
      correos registrados.
    </Text>
  );
}

/** The kinds a purge would remove, with their counts; none when it would remove nothing. */
const nonZero = (counts: RetentionCounts) =>
  (Object.keys(RETENTION_COUNT_LABELS) as (keyof RetentionCounts)[]).filter((kind) => counts[kind] > 0);

/**
 * "Conservación de datos" (/config): how many days each kind of personal data is kept, purged once a day. A
 * shorter period that would delete data asks first, with what the next purge would remove.
 */
export function RetentionTab() {
  const retention = useRetention();
  const saving = useSaveRetention();
  const preview = usePreviewRetention();
  const [pending, setPending] = useState<{ values: RetentionSettings; counts: RetentionCounts } | null>(null);
  const form = useForm<RetentionSettings>({
    initialValues: { ...RETENTION_DEFAULTS },
    validate: zod4Resolver(RetentionSettings),
  });
  const loaded = retention.data !== undefined && !retention.isFetching ? retention.data : null;
  useEffect(() => {
    if (loaded === null) return;
    form.setValues({
      ai_days: loaded.ai_days,
      signin_days: loaded.signin_days,
      video_days: loaded.video_days,
      mail_days: loaded.mail_days,
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the form object is stable; fill once per load
  }, [loaded]);

  const save = (values: RetentionSettings) =>
    saving.mutate(
      values,
      saveOutcome(form, {
        savedMessage: M.saved,
        fallbackError: M.save,
        onDone: () => setPending(null),
      }),
    );

  // Only a shorter period can delete more than the purge already would: only then is it counted and asked.
  const submit = (values: RetentionSettings) => {
    const shorter = loaded !== null && KEYS.some((key) => values[key] < loaded[key]);
    if (!shorter) return save(values);
    preview.mutate(values, {
      onSuccess: (counts) => (nonZero(counts).length > 0 ? setPending({ values, counts }) : save(values)),
      onError: () => notifyFailed(M.preview),
    });
  };

  return (
    <Paper component="section" withBorder radius="md" p="xl" aria-labelledby="retention-title" maw={720}>
      <ConfirmDialog
        opened={pending !== null}
        title="¿Guardar y borrar datos?"
        message="Con estos días, la próxima limpieza diaria borrará para siempre:"
        confirmLabel="Guardar y borrar"
        busy={saving.isPending}
        onConfirm={() => pending && save(pending.values)}
        onCancel={() => setPending(null)}
      >
        {pending && (
          <List>
            {nonZero(pending.counts).map((kind) => (
              <List.Item key={kind}>{RETENTION_COUNT_LABELS[kind](pending.counts[kind])}</List.Item>
            ))}
          </List>
        )}
        <Text size="sm" c="dimmed">
          No se puede deshacer. Cancela para dejar los días como estaban.
        </Text>
      </ConfirmDialog>
      <Title order={2} mb="xs" id="retention-title">
        Conservación de datos
      </Title>
      <Text mb="lg">
        Cada día se borran los datos personales más antiguos que estos días. Guarda solo lo necesario: es lo
        que se cuenta en el aviso de privacidad de la comunidad.
      </Text>
      <ListState
        loading={retention.isPending}
        error={retention.error && errorMessage(retention.error, M.load)}
        empty={false}
        loadingLabel="Cargando..."
        emptyLabel=""
        onRetry={() => void retention.refetch()}
      >
        <form noValidate onSubmit={form.onSubmit(submit)}>
          <Stack gap="lg">
            {KEYS.map((key) => (
              <NumberInput
                key={key}
                label={`${RETENTION_LABELS[key].label} (días)`}
                description={`${RETENTION_LABELS[key].description} Por defecto, ${RETENTION_DEFAULTS[key]} días.`}
                min={RETENTION_LIMITS.min}
                max={RETENTION_LIMITS.max}
                allowDecimal={false}
                allowNegative={false}
                {...form.getInputProps(key)}
              />
            ))}
            <Group>
              <Button type="submit" loading={saving.isPending || preview.isPending}>
                Guardar
              </Button>
            </Group>
            {retention.data && <LastRun run={retention.data.last_run} />}
          </Stack>
        </form>
      </ListState>
    </Paper>
  );
}
