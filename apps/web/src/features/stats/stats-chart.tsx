import { AreaChart, BarChart, LineChart } from '@mantine/charts';
import { Box, Button, Group, Paper, Table, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { STATS_MESSAGES as M, type StatsChartKey, type StatsRange } from '@app/contracts';
import { downloadText } from '@/lib/download';
import { notifyFailed } from '@/lib/notify';
import { errorMessage } from '@/lib/query-client';
import { roleColor } from '@/components/role-badge';
import { useExportStatsChart } from './api/export-stats-chart';
import { Definition } from './definition';
import { formatPeriod, PERIOD_HEADERS, type StatsTable } from './table-data';

const COLORS = ['teal.6', 'orange.6', 'cyan.7', 'lime.8', 'pink.6', 'indigo.6', 'yellow.7', 'violet.6'];

/**
 * A dimension's colour, from its key alone: a role (or a tool) has the same colour in every chart, and a role
 * of the spec has its badge's colour (grape for VIP, blue for Cafeínas…).
 */
function colorOf(key: string): string {
  const role = roleColor(key);
  if (role !== 'gray') return `${role}.6`;
  let hash = 0;
  for (const char of key) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return COLORS[hash % COLORS.length] ?? 'blue.6';
}

export interface StatsChartProps {
  title: string;
  /** What the chart counts, under «¿Qué es esto?». */
  definition?: string;
  table: StatsTable;
  kind: 'bar' | 'line' | 'area';
  /** Parts that add up to a whole (members by role, uses by tool) are stacked. */
  stacked?: boolean;
  /** How a value reads on screen (money, a count). */
  format?: (value: number) => string;
  /** The chart and range whose CSV the server writes (`currency`: the income chart's). */
  chart: StatsChartKey;
  range: StatsRange;
  currency?: string;
}

/** One chart of Estadísticas, its numbers as a table behind «Ver tabla», and its CSV download. */
export function StatsChart({
  title,
  definition,
  table,
  kind,
  stacked,
  format,
  chart,
  range,
  currency,
}: StatsChartProps) {
  const titleId = useId();
  const tableId = useId();
  const [showTable, setShowTable] = useState(false);
  const exporting = useExportStatsChart({ range, chart, ...(currency ? { currency } : {}) });
  const runExport = () =>
    exporting.mutate(undefined, {
      onSuccess: (file) => downloadText(file.filename, file.csv),
      onError: (error) => notifyFailed(errorMessage(error, M.exportChart)),
    });
  const axis = (key: string) =>
    table.period === 'month' ? formatPeriod(key, 'month') : formatPeriod(key, 'day').slice(0, 5);
  const data = table.rows.map((row) => ({ day: axis(row.day), ...row.values }));
  const series = table.columns.map((column) => ({
    name: column.key,
    label: column.label,
    color: colorOf(column.key),
  }));
  const shared = {
    h: 260,
    data,
    dataKey: 'day',
    series,
    withLegend: true,
    // Counts are whole: no tick of 0,25. Money keeps its own formatter.
    ...(format ? {} : { yAxisProps: { allowDecimals: false } }),
    ...(format ? { valueFormatter: format } : {}),
  };
  const show = format ?? ((value: number) => value.toLocaleString('es-ES'));
  return (
    <Paper component="section" withBorder radius="md" p="md" aria-labelledby={titleId}>
      <Group justify="space-between" mb="sm">
        <Group gap="sm" align="baseline">
          <Title order={2} size="h4" id={titleId}>
            {title}
          </Title>
          {definition && <Definition label={title}>{definition}</Definition>}
        </Group>
        <Group gap="xs">
          <Button
            variant="subtle"
            size="xs"
            aria-expanded={showTable}
            aria-controls={showTable ? tableId : undefined}
            aria-label={`${showTable ? 'Ocultar tabla' : 'Ver tabla'}: ${title}`}
            onClick={() => setShowTable((shown) => !shown)}
          >
            {showTable ? 'Ocultar tabla' : 'Ver tabla'}
          </Button>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconDownload size={14} aria-hidden="true" />}
            onClick={runExport}
            loading={exporting.isPending}
            aria-label={`Descargar CSV: ${title}`}
          >
            Descargar CSV
          </Button>
        </Group>
      </Group>
      {kind === 'bar' ? (
        <BarChart {...shared} {...(stacked ? { type: 'stacked' as const } : {})} />
      ) : kind === 'area' ? (
        // Straight lines between days: a smoothed curve would draw values no day had.
        <AreaChart {...shared} curveType="linear" {...(stacked ? { type: 'stacked' as const } : {})} />
      ) : (
        <LineChart {...shared} curveType="linear" />
      )}
      {showTable && (
        <Box id={tableId} mt="sm">
          {/* Focusable, so a keyboard can scroll a long range's rows. */}
          <Box
            mah={280}
            style={{ overflow: 'auto' }}
            tabIndex={0}
            role="region"
            aria-label={`Tabla: ${title}`}
          >
            <Table striped stickyHeader fz="sm" aria-label={`Números: ${title}`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{PERIOD_HEADERS[table.period]}</Table.Th>
                  {table.columns.map((column) => (
                    <Table.Th scope="col" key={column.key} ta="right">
                      {column.label}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {table.rows.map((row) => (
                  <Table.Tr key={row.day}>
                    <Table.Th scope="row" fw={400}>
                      {formatPeriod(row.day, table.period)}
                    </Table.Th>
                    {table.columns.map((column) => (
                      <Table.Td key={column.key} ta="right">
                        {show(row.values[column.key] ?? 0)}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Box>
        </Box>
      )}
    </Paper>
  );
}
