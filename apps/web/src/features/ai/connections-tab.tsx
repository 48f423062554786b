import {
  AI_PROVIDER_LABELS,
  TOOL_TITLES,
  type AiConnection,
  type AiConnectionTestResult,
} from '@app/contracts';
import { Alert, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ListState } from '@/components/list-state';
import { SectionHeader } from '@/components/section-header';
import { useAiConnections } from '@/lib/ai-connections';
import { notifyDone, notifyFailed } from '@/lib/notify';
import { errorMessage } from '@/lib/query-client';
import { useDeleteAiConnection } from './api/delete-connection';
import { useTestAiConnection } from './api/test-connection';
import { ConnectionDialog } from './connection-dialog';

/** One connection: what it is, who uses it, and its actions (none for one defined by environment variables). */
function ConnectionCard({
  connection,
  onEdit,
  onDelete,
}: {
  connection: AiConnection;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const test = useTestAiConnection();
  const [result, setResult] = useState<AiConnectionTestResult | null>(null);
  const runTest = () =>
    test.mutate(
      { id: connection.id },
      {
        onSuccess: setResult,
        onError: (error) =>
          setResult({ ok: false, message: errorMessage(error, 'No se pudo probar la conexión') }),
      },
    );
  return (
    <Card withBorder radius="md" p="md" component="li" aria-label={connection.name}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={600}>{connection.name}</Text>
          <Group gap={6}>
            <Badge variant="light">{AI_PROVIDER_LABELS[connection.provider]}</Badge>
            {connection.read_only ? (
              <Badge variant="light" color="gray">
                Variables de entorno
              </Badge>
            ) : null}
          </Group>
        </Group>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {connection.base_url || 'Dirección predeterminada de Gemini'}
          {connection.default_model ? ` · Modelo: ${connection.default_model}` : ''}
        </Text>
        <Text size="sm">
          API key:{' '}
          {connection.api_key.set
            ? `configurada (termina en ${connection.api_key.last4 ?? '…'})`
            : 'no configurada'}
          {connection.headers.length > 0
            ? ` · Cabeceras: ${connection.headers.map((h) => h.name).join(', ')}`
            : ''}
          {connection.query.length > 0
            ? ` · Parámetros: ${connection.query.map((q) => q.name).join(', ')}`
            : ''}
        </Text>
        <Text size="sm">
          {connection.used_by.length > 0
            ? `La usa: ${connection.used_by.map((tool) => TOOL_TITLES[tool]).join(', ')}`
            : 'Ninguna herramienta la usa'}
        </Text>
        <Group gap="xs" wrap="wrap">
          <Button size="xs" variant="light" onClick={runTest} loading={test.isPending}>
            Probar conexión
          </Button>
          {connection.read_only ? null : (
            <>
              <Button size="xs" variant="default" onClick={onEdit}>
                Editar
              </Button>
              <Button size="xs" variant="subtle" color="red" onClick={onDelete}>
                Eliminar
              </Button>
            </>
          )}
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
    </Card>
  );
}

/**
 * «Conexiones de IA» in /config: the connections the AI tools choose from, defined once (those of the server's
 * AI_CONNECTIONS shown read-only); keys are never shown, only whether one is set.
 */
export function ConnectionsTab() {
  const connections = useAiConnections();
  const remove = useDeleteAiConnection();
  const [editing, setEditing] = useState<AiConnection | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [deleting, setDeleting] = useState<AiConnection | null>(null);
  const list = connections.data?.connections ?? [];

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: (answer) => notifyDone(answer.message),
      onError: (error) => notifyFailed(errorMessage(error, 'No se pudo eliminar la conexión')),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <Stack gap="md">
      <SectionHeader
        title="Conexiones de IA"
        addLabel="Nueva conexión"
        onAdd={() => {
          setEditing(null);
          setDialogOpen(true);
        }}
      />
      <Text c="dimmed" size="sm">
        Texto y RedGram eligen una de estas conexiones en su configuración. Las claves se guardan cifradas y
        nunca se muestran.
      </Text>
      <ListState
        loading={connections.isPending}
        error={connections.isError ? 'No se pudieron cargar las conexiones' : null}
        empty={list.length === 0}
        loadingLabel="Cargando conexiones..."
        emptyLabel="Aún no hay conexiones de IA. Crea una para que los miembros puedan usar Texto y RedGram."
        onRetry={() => void connections.refetch()}
      >
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {list.map((connection) => (
            <ConnectionCard
              key={connection.id}
              connection={connection}
              onEdit={() => {
                setEditing(connection);
                setDialogOpen(true);
              }}
              onDelete={() => setDeleting(connection)}
            />
          ))}
        </Stack>
      </ListState>
      <ConnectionDialog connection={editing} opened={dialogOpen} onClose={() => setDialogOpen(false)} />
      <ConfirmDialog
        opened={deleting !== null}
        title="Eliminar conexión"
        message={`¿Eliminar la conexión «${deleting?.name ?? ''}»?`}
        confirmLabel="Eliminar"
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </Stack>
  );
}
