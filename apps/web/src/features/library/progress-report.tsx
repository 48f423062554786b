import {
  REPORT_MESSAGES as M,
  roleDisplayName,
  type LibraryName,
  type MemberProgressQuery,
} from '@app/contracts';
import {
  Group,
  Paper,
  Progress,
  Select,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { useState } from 'react';
import { ExportCsvButton } from '@/components/export-csv-button';
import { ListState } from '@/components/list-state';
import { Pager } from '@/components/pager';
import { downloadText } from '@/lib/download';
import { notifyFailed } from '@/lib/notify';
import { errorMessage } from '@/lib/query-client';
import { useExportReport, useMemberReport, useReportRoles, useVideoReport } from './api/get-progress-report';

type Sort = NonNullable<MemberProgressQuery['sort']>;

const PERCENT = (value: number) => `${value} %`;

/** Progress of every member (per category and overall) and completions per video: the admin's report. */
export function ProgressReport({ library }: { library: LibraryName }) {
  return (
    <Paper withBorder p="md" mt="lg">
      <Stack gap="sm">
        <Title order={2} size="h3">
          Informe de progreso
        </Title>
        <Tabs defaultValue="miembros" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="miembros">Por miembro</Tabs.Tab>
            <Tabs.Tab value="videos">Por video</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="miembros" pt="sm">
            <MemberReport library={library} />
          </Tabs.Panel>
          <Tabs.Panel value="videos" pt="sm">
            <VideoReport library={library} />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Paper>
  );
}

function MemberReport({ library }: { library: LibraryName }) {
  const [query, setQuery] = useState<{ page: number; sort: Sort; order: 'asc' | 'desc'; role_id?: number }>({
    page: 1,
    sort: 'progreso',
    order: 'desc',
  });
  const report = useMemberReport(library, query);
  const roles = useReportRoles();
  const exporting = useExportReport(library);
  const items = report.data?.items ?? [];
  const categorias = report.data?.categorias ?? [];

  const sortBy = (sort: Sort) =>
    setQuery((q) => ({
      ...q,
      page: 1,
      sort,
      order: q.sort === sort ? (q.order === 'asc' ? 'desc' : 'asc') : sort === 'username' ? 'asc' : 'desc',
    }));
  const header = (sort: Sort, label: string) => {
    const active = query.sort === sort;
    const Icon = query.order === 'asc' ? IconChevronUp : IconChevronDown;
    return (
      <Table.Th aria-sort={active ? (query.order === 'asc' ? 'ascending' : 'descending') : 'none'}>
        <UnstyledButton onClick={() => sortBy(sort)} fw={700} fz="sm">
          <Group gap={4} wrap="nowrap">
            {label}
            {active && <Icon size={14} aria-hidden="true" />}
          </Group>
        </UnstyledButton>
      </Table.Th>
    );
  };

  const runExport = () =>
    exporting.mutate(
      { sort: query.sort, order: query.order, ...(query.role_id ? { role_id: query.role_id } : {}) },
      {
        onSuccess: (file) => downloadText(file.filename, file.csv),
        onError: (error) => notifyFailed(errorMessage(error, M.export)),
      },
    );

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <Select
          label="Rol"
          placeholder="Todos los roles"
          clearable
          data={(roles.data ?? []).map((role) => ({
            value: String(role.id),
            label: roleDisplayName(role.name),
          }))}
          value={query.role_id ? String(query.role_id) : null}
          onChange={(value) =>
            setQuery((q) => ({ ...q, page: 1, role_id: value ? Number(value) : undefined }))
          }
          w={{ base: '100%', sm: 220 }}
        />
        <ExportCsvButton onClick={runExport} loading={exporting.isPending} />
      </Group>
      <ListState
        loading={report.isPending}
        error={report.error && errorMessage(report.error, M.load)}
        empty={items.length === 0}
        loadingLabel="Cargando informe..."
        emptyLabel={M.empty}
        onRetry={() => void report.refetch()}
      >
        <Table.ScrollContainer minWidth={560 + categorias.length * 120}>
          <Table striped verticalSpacing="xs" aria-busy={report.isFetching}>
            <Table.Thead>
              <Table.Tr>
                {header('username', 'Usuario')}
                <Table.Th>Rol</Table.Th>
                {categorias.map((c) => (
                  <Table.Th key={c.id}>{c.nombre}</Table.Th>
                ))}
                {header('progreso', 'Progreso total')}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((member) => (
                <Table.Tr key={member.user_id}>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {member.username}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {member.email}
                    </Text>
                  </Table.Td>
                  <Table.Td>{roleDisplayName(member.role)}</Table.Td>
                  {member.categorias.map((c) => (
                    <Table.Td key={c.categoria_id}>
                      {c.completadas}/{c.total} · {PERCENT(c.porcentaje)}
                    </Table.Td>
                  ))}
                  <Table.Td>
                    <Text size="sm">
                      {member.completadas}/{member.total} · {PERCENT(member.porcentaje)}
                    </Text>
                    <Progress
                      value={member.porcentaje}
                      size="sm"
                      aria-label={`Progreso de ${member.username}: ${PERCENT(member.porcentaje)}`}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {report.data && (
          <Pager
            look="numbers"
            label="Páginas del informe"
            of={report.data}
            onChange={(page) => setQuery((q) => ({ ...q, page }))}
          />
        )}
      </ListState>
    </Stack>
  );
}

function VideoReport({ library }: { library: LibraryName }) {
  const [page, setPage] = useState(1);
  const report = useVideoReport(library, page);
  const items = report.data?.items ?? [];
  return (
    <ListState
      loading={report.isPending}
      error={report.error && errorMessage(report.error, M.load)}
      empty={items.length === 0}
      loadingLabel="Cargando informe..."
      emptyLabel={M.noVideos}
      onRetry={() => void report.refetch()}
    >
      <Table striped verticalSpacing="xs" aria-busy={report.isFetching}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Video</Table.Th>
            <Table.Th>Miembros que lo completaron</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((video) => (
            <Table.Tr key={video.video_id}>
              <Table.Td>{video.titulo}</Table.Td>
              <Table.Td>{video.completados}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {report.data && (
        <Pager look="numbers" label="Páginas de videos del informe" of={report.data} onChange={setPage} />
      )}
    </ListState>
  );
}
