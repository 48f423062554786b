import { AreaChart, BarChart, LineChart } from '@mantine/charts';
import { Box, Button, Grid, Group, Paper, Table, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useId } from 'react';
import { STATS_MESSAGES as M, type StatsChartKey, type StatsRange } from '@app/contracts';
import { downloadText } from '@/lib/download';
import { notifyFailed } from '@/lib/notify';
import { errorMessage } from '@/lib/query-client';
import { useExportStatsChart } from './api/export-stats-chart';
import { Definition } from './definition';
import { formatPeriod, PERIOD_HEADERS, type StatsTable } from './table-data';

const COLORS = ['blue.6', 'teal.6', 'orange.6', 'grape.6', 'red.6', 'cyan.7', 'lime.8', 'pink.6', 'indigo.6'];

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

/** One chart of Estadísticas, its numbers as a table beside it, and its CSV download. */
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
  const exporting = useExportStatsChart({ range, chart, ...(currency ? { currency } : {}) });
  const runExport = () =>
    exporting.mutate(undefined, {
      onSuccess: (file) => downloadText(file.filename, file.csv),
      onError: (error) => notifyFailed(errorMessage(error, M.exportChart)),
    });
  const axis = (key: string) =>
    table.period === 'month' ? formatPeriod(key, 'month') : formatPeriod(key, 'day').slice(0, 5);
  const data = table.rows.map((row) => ({ day: axis(row.day), ...row.values }));
  const series = table.columns.map((column, index) => ({
    name: column.key,
    label: column.label,
    color: COLORS[index % COLORS.length] ?? 'blue.6',
  }));
  const shared = {
    h: 260,
    data,
    dataKey: 'day',
    series,
    withLegend: true,
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
      <Grid>
        <Grid.Col span={{ base: 12, md: 7 }}>
          {kind === 'bar' ? (
            <BarChart {...shared} {...(stacked ? { type: 'stacked' as const } : {})} />
          ) : kind === 'area' ? (
            // Straight lines between days: a smoothed curve would draw values no day had.
            <AreaChart {...shared} curveType="linear" {...(stacked ? { type: 'stacked' as const } : {})} />
          ) : (
            <LineChart {...shared} curveType="linear" />
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
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
        </Grid.Col>
      </Grid>
    </Paper>
  );
}
