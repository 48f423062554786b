import { AI_CONNECTION_MESSAGES, TOOL_TITLES, type AiUsageReport, type StatsRange } from '@app/contracts';
import { Paper, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { ListState } from '@/components/list-state';
import { errorMessage } from '@/lib/query-client';
import { useAiUsage } from './api/get-ai-usage';
import { formatDay } from './table-data';

const tokens = (value: number): string => value.toLocaleString('es-ES');

/** «Texto: 1.234 tokens este mes, de un límite de 10.000». */
function monthLine({ tool, tokens: used, monthly_token_cap: cap }: AiUsageReport['month'][number]): string {
  return `${TOOL_TITLES[tool]}: ${tokens(used)} tokens este mes${cap === null ? ' (sin límite)' : `, de un límite de ${tokens(cap)}`}`;
}

/** Estadísticas' AI usage: the tokens each tool used through each connection, day by day, and the month so far. */
export function AiUsageSection({ range }: { range: StatsRange }) {
  const usage = useAiUsage(range);
  const report = usage.data;
  const rows = report ? [...report.rows].reverse() : [];
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="uso-de-ia">
      <Stack gap="sm">
        <Title order={2} id="uso-de-ia" size="h3">
          Uso de IA (tokens)
        </Title>
        {report ? (
          <Stack gap={2}>
            {report.month.map((entry) => (
              <Text key={entry.tool} size="sm">
                {monthLine(entry)}
              </Text>
            ))}
          </Stack>
        ) : null}
        <ListState
          loading={usage.isPending}
          error={usage.isError ? errorMessage(usage.error, AI_CONNECTION_MESSAGES.usageLoadFailed) : null}
          empty={rows.length === 0}
          loadingLabel="Cargando el uso de IA..."
          emptyLabel="Aún no hay uso de IA en este periodo."
          onRetry={() => void usage.refetch()}
        >
          <ScrollArea type="auto" viewportProps={{ tabIndex: 0, 'aria-label': 'Tokens de IA por día' }}>
            <Table striped miw={560} aria-label="Tokens de IA por día, herramienta y conexión">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Día</Table.Th>
                  <Table.Th>Herramienta</Table.Th>
                  <Table.Th>Conexión</Table.Th>
                  <Table.Th ta="right">Tokens de entrada</Table.Th>
                  <Table.Th ta="right">Tokens de salida</Table.Th>
                  <Table.Th ta="right">Generaciones</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={`${row.day}-${row.tool}-${row.connection_id}`}>
                    <Table.Td>{formatDay(row.day)}</Table.Td>
                    <Table.Td>{TOOL_TITLES[row.tool]}</Table.Td>
                    <Table.Td>{row.connection_name}</Table.Td>
                    <Table.Td ta="right">{tokens(row.prompt_tokens)}</Table.Td>
                    <Table.Td ta="right">{tokens(row.completion_tokens)}</Table.Td>
                    <Table.Td ta="right">{tokens(row.generations)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        </ListState>
      </Stack>
    </Paper>
  );
}
