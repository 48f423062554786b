import { REDGRAM_MESSAGES } from '@app/contracts';
import { Badge, Group, Modal, Paper, Text } from '@mantine/core';
import { PlainList } from '@/components/plain-list';
import { ListState } from '@/components/list-state';
import { formatDateTime } from '@/lib/format-date';
import { useTimeZone } from '@/lib/public-config';
import { useLogs } from './api/get-logs';

const MODE_LABELS = { escribir: 'Escribir desde Cero', reescribir: 'Reescribir Texto' } as const;

/** Admin only: the latest generations with their errors. */
export function LogsModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const logs = useLogs(opened);
  const timeZone = useTimeZone();
  const entries = logs.data ?? [];

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Historial de generaciones"
      size="xl"
      centered
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      <ListState
        loading={logs.isPending || logs.isFetching}
        error={logs.error && REDGRAM_MESSAGES.loadLogsFailed}
        empty={entries.length === 0}
        loadingLabel="Cargando historial..."
        emptyLabel="Todavía no hay generaciones"
        onRetry={() => void logs.refetch()}
      >
        <PlainList gap="sm">
          {entries.map((entry) => (
            <Paper key={entry.id} withBorder p="sm" component="li" aria-label={`Generación ${entry.id}`}>
              <Group gap="xs" mb={4}>
                <Badge color={entry.error_message ? 'red' : 'teal'} variant="light">
                  {entry.error_message ? 'Error' : 'Correcta'}
                </Badge>
                <Text size="sm">{MODE_LABELS[entry.mode]}</Text>
                <Text size="sm" c="dimmed">
                  {formatDateTime(entry.created_at, timeZone)} · {entry.username ?? 'Usuario eliminado'} ·{' '}
                  {entry.profile_name ?? 'Perfil eliminado'}
                </Text>
              </Group>
              <Text size="sm" lineClamp={2}>
                <strong>Entrada:</strong> {entry.input_text}
              </Text>
              {entry.api_response && (
                <Text size="sm" lineClamp={3}>
                  <strong>Respuesta:</strong> {entry.api_response}
                </Text>
              )}
              {entry.error_message && (
                <Text size="sm" c="red.4">
                  <strong>Error:</strong> {entry.error_message}
                </Text>
              )}
            </Paper>
          ))}
        </PlainList>
      </ListState>
    </Modal>
  );
}
