import { JOBS_MESSAGES as M, type JobStatus } from '@app/contracts';
import { Badge, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { ListState } from '@/components/list-state';
import stacked from '@/components/stacked-table.module.css';
import { formatDateTime } from '@/lib/format-date';
import { useTimeZone } from '@/lib/public-config';
import { errorMessage } from '@/lib/query-client';
import { useJobs } from './api/get-jobs';

/** "Cada 10 minutos", "Cada día", or what starts it for a job that runs when asked. */
function frequency(job: JobStatus): string {
  const seconds = job.every_seconds;
  if (seconds === null) return 'Cuando se pide';
  if (seconds >= 86_400) return seconds === 86_400 ? 'Cada día' : `Cada ${Math.round(seconds / 86_400)} días`;
  if (seconds >= 3600) return seconds === 3600 ? 'Cada hora' : `Cada ${Math.round(seconds / 3600)} horas`;
  return seconds === 60 ? 'Cada minuto' : `Cada ${Math.round(seconds / 60)} minutos`;
}

function LastRun({ job }: { job: JobStatus }) {
  const timeZone = useTimeZone();
  if (!job.last_run) return <Text c="dimmed">Todavía no</Text>;
  return (
    <div>
      {formatDateTime(job.last_run.finished_at, timeZone)}{' '}
      {job.last_run.ok ? (
        <Badge color="green" variant="light" tt="none">
          Correcta
        </Badge>
      ) : (
        <Badge color="red" variant="light" tt="none" title={job.last_run.error ?? undefined}>
          Falló
        </Badge>
      )}
      {!job.last_run.ok && job.last_run.error && (
        <Text size="sm" c="red.3">
          {job.last_run.error}
        </Text>
      )}
    </div>
  );
}

function nextRun(job: JobStatus, timeZone: string | undefined): string {
  if (job.running > 0) return 'En marcha ahora';
  if (job.next_run_at) return formatDateTime(job.next_run_at, timeZone);
  return 'Cuando se pida';
}

/**
 * "Tareas en segundo plano" (/config): what the server does by itself on every node (the close of
 * Estadísticas' days, the daily purge, scheduled erasures, archives, digests), with its last and next run and
 * the runs that gave up in the last week, so an administrator sees at once when something stopped working.
 */
export function JobsTab() {
  const jobs = useJobs();
  const timeZone = useTimeZone();
  const list = jobs.data?.jobs ?? [];
  return (
    <Paper component="section" withBorder p="lg" radius="md" aria-labelledby="jobs-title">
      <Stack gap="md">
        <div>
          <Title order={2} size="h3" id="jobs-title">
            Tareas en segundo plano
          </Title>
          <Text c="dimmed">
            Lo que la aplicación hace sola, en cualquiera de sus servidores. Una tarea que falla se vuelve a
            intentar más tarde; si sigue fallando, aparece aquí con el motivo.
          </Text>
        </div>
        <ListState
          loading={jobs.isPending}
          error={jobs.isError ? errorMessage(jobs.error, M.load) : null}
          empty={list.length === 0}
          loadingLabel="Cargando tareas..."
          emptyLabel="No hay tareas."
          onRetry={() => void jobs.refetch()}
        >
          <Table.ScrollContainer minWidth={760} classNames={{ scrollContainerInner: stacked.inner }}>
            <Table className={stacked.table} striped verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Tarea</Table.Th>
                  <Table.Th>Frecuencia</Table.Th>
                  <Table.Th>Última ejecución</Table.Th>
                  <Table.Th>Próxima</Table.Th>
                  <Table.Th>Fallos (7 días)</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((job) => (
                  <Table.Tr key={job.name}>
                    <Table.Td data-label="Tarea">{job.label}</Table.Td>
                    <Table.Td data-label="Frecuencia">{frequency(job)}</Table.Td>
                    <Table.Td data-label="Última ejecución">
                      <LastRun job={job} />
                    </Table.Td>
                    <Table.Td data-label="Próxima">{nextRun(job, timeZone)}</Table.Td>
                    <Table.Td data-label="Fallos (7 días)">
                      {job.failed_recently > 0 ? (
                        <Text c="red.3" fw={600} span>
                          {job.failed_recently}
                        </Text>
                      ) : (
                        0
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </ListState>
      </Stack>
    </Paper>
  );
}
