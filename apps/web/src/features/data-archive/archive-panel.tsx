import { DATA_ARCHIVE_MESSAGES as M, dataArchiveDownloadPath, type DataArchive } from '@app/contracts';
import { Alert, Button, Group, Loader, Progress, Stack, Text } from '@mantine/core';
import { IconDownload, IconFileZip } from '@tabler/icons-react';
import { formatDateTime } from '@/lib/format-date';
import { useTimeZone } from '@/lib/public-config';
import { errorMessage } from '@/lib/query-client';
import { useDataArchive, type ArchiveOwner } from './api/get-data-archive';
import { useRequestDataArchive } from './api/request-data-archive';

/** "1,2 MB": the ZIP's size, so a member on a phone knows what they download. */
const sizeLabel = (bytes: number): string =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024)).toLocaleString('es-ES')} KB`
    : `${(bytes / (1024 * 1024)).toLocaleString('es-ES', { maximumFractionDigits: 1 })} MB`;

function ArchiveState({ archive }: { archive: DataArchive }) {
  const timeZone = useTimeZone();
  if (archive.status === 'pending' || archive.status === 'running') {
    return (
      <Stack gap={6} role="status" aria-live="polite">
        <Text size="sm">{M.preparing(archive.progress)}</Text>
        <Progress value={archive.progress} aria-label="Progreso del archivo" animated />
      </Stack>
    );
  }
  if (archive.status === 'failed') {
    return (
      <Alert color="red" variant="light" role="alert">
        {M.failed}
      </Alert>
    );
  }
  if (!archive.downloadable || archive.expires_at === null) {
    return <Text size="sm">{M.expired}</Text>;
  }
  return (
    <Stack gap="xs" role="status" aria-live="polite">
      <Text size="sm">{M.ready(formatDateTime(archive.expires_at, timeZone))}</Text>
      <Button
        component="a"
        href={dataArchiveDownloadPath(archive.id)}
        download
        w="fit-content"
        leftSection={<IconFileZip size={16} aria-hidden="true" />}
      >
        {M.download}
        {archive.size !== null && ` (${sizeLabel(archive.size)})`}
      </Button>
    </Stack>
  );
}

/**
 * The ask button and the latest archive's state: its progress while it is made (the state polls), its
 * download link for 7 days, and when the member may ask again.
 */
export function ArchivePanel({ owner, requestLabel }: { owner: ArchiveOwner; requestLabel: string }) {
  const timeZone = useTimeZone();
  const state = useDataArchive(owner);
  const request = useRequestDataArchive(owner);
  const archive = state.data?.archive ?? null;
  const working = archive?.status === 'pending' || archive?.status === 'running';
  const nextRequest = state.data?.next_request_at ?? null;

  if (state.isPending) {
    return (
      <Group gap="xs" role="status" aria-live="polite">
        <Loader size="sm" aria-hidden="true" />
        <Text size="sm">Cargando…</Text>
      </Group>
    );
  }
  if (state.error) {
    return (
      <Alert color="red" variant="light" role="alert">
        {errorMessage(state.error, M.load)}{' '}
        <Button variant="subtle" size="compact-sm" onClick={() => void state.refetch()}>
          Reintentar
        </Button>
      </Alert>
    );
  }
  const downloadable = archive?.status === 'ready' && archive.downloadable;
  return (
    <Stack gap="md">
      {archive && <ArchiveState archive={archive} />}
      {request.isSuccess && working && <Text size="sm">{M.requested}</Text>}
      {/* Once an archive is made: its download, and when the next one may be asked for (Google Takeout). */}
      {!working && nextRequest === null && (
        <Button
          w="fit-content"
          variant={downloadable ? 'default' : 'filled'}
          leftSection={<IconDownload size={16} aria-hidden="true" />}
          loading={request.isPending}
          onClick={() => request.mutate()}
        >
          {downloadable ? M.requestAgain : requestLabel}
        </Button>
      )}
      {!working && nextRequest !== null && (
        <Text size="sm" c="dimmed">
          {downloadable
            ? M.nextExport(formatDateTime(nextRequest, timeZone))
            : M.onceADay(formatDateTime(nextRequest, timeZone))}
        </Text>
      )}
      {request.error && (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(request.error, M.requestFailed)}
        </Alert>
      )}
    </Stack>
  );
}
