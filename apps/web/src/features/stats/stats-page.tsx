import '@mantine/charts/styles.css';
import {
  BILLING_FILTER_PARAM,
  PAYING_STATE_LABELS,
  PAYING_STATES,
  STATS_MESSAGES as M,
  STATS_RANGE_LABELS,
  STATS_FIGURE_TEXTS as T,
  STATS_RANGES,
  StatsRange,
  TOOL_TITLES,
  isToolName,
  LIBRARY_NAMES,
  type StatsFigure,
  type StatsMetric,
  type StatsMrr,
  type StatsOverview,
} from '@app/contracts';
import {
  Anchor,
  Container,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { ListState } from '@/components/list-state';
import { errorMessage } from '@/lib/query-client';
import { useStats } from './api/get-stats';
import { Definition } from './definition';
import { StatsChart } from './stats-chart';
import { ClassCompletionTable } from './class-completion-table';
import { daysOf, formatDay, monthsOf, tableOf, weeksOf, type StatsColumn } from './table-data';

/** An amount in a currency's minor unit as Spain writes it ("10,50 €"). */
function formatMoney(amount: number, currency: string): string {
  const format = new Intl.NumberFormat('es-ES', { style: 'currency', currency: currency.toUpperCase() });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amount / 10 ** digits);
}

const count = (value: number) => value.toLocaleString('es-ES');
const percent = (value: number) => `${value.toLocaleString('es-ES', { maximumFractionDigits: 1 })} %`;

/** "+3 respecto a los 30 días anteriores"; nothing when there is no previous range. */
function change(figure: StatsFigure, range: StatsRange, show: (value: number) => string): string | null {
  if (figure.previous === null) return null;
  const delta = figure.value - figure.previous;
  const sign = delta > 0 ? '+' : delta < 0 ? '−' : '±';
  return `${sign}${show(Math.abs(delta))} respecto a los ${STATS_RANGE_LABELS[range]} anteriores`;
}

/** The list behind a figure, where the app has one. */
interface FigureLink {
  to: string;
  label: string;
}

function Figure({
  label,
  definition,
  children,
  note,
  link,
}: {
  label: string;
  definition: string;
  children: string;
  note?: string | null;
  link?: FigureLink;
}) {
  const labelId = useId();
  return (
    <Paper withBorder radius="md" p="md" role="group" aria-labelledby={labelId}>
      <Stack gap={2}>
        <Group justify="space-between" gap="xs" wrap="nowrap" align="baseline">
          <Text size="sm" c="dimmed" id={labelId}>
            {label}
          </Text>
          <Definition label={label}>{definition}</Definition>
        </Group>
        <Text fz={26} fw={700}>
          {children}
        </Text>
        {note && (
          <Text size="xs" c="dimmed">
            {note}
          </Text>
        )}
        {link && (
          <Anchor component={Link} to={link.to} size="sm">
            {link.label}
          </Anchor>
        )}
      </Stack>
    </Paper>
  );
}

function Income({ mrr, range }: { mrr: StatsMrr; range: StatsRange }) {
  const money = (value: number) => formatMoney(value, mrr.currency);
  const apart = [
    mrr.trialing > 0 ? `en prueba ${money(mrr.trialing)}` : null,
    mrr.cancelling > 0 ? `se cancelan ${money(mrr.cancelling)}` : null,
  ].filter(Boolean);
  const note = [change({ value: mrr.amount, previous: mrr.previous }, range, money), apart.join('; ')]
    .filter(Boolean)
    .join('. ');
  return (
    <Figure
      label={`${T.mrr.label} (${mrr.currency.toUpperCase()})`}
      definition={T.mrr.definition}
      note={note}
    >
      {money(mrr.amount)}
    </Figure>
  );
}

function Figures({ stats }: { stats: StatsOverview }) {
  const { figures: f, range } = stats;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
      <Figure {...T.active_members} note={change(f.active_members, range, count)}>
        {count(f.active_members.value)}
      </Figure>
      <Figure
        {...T.paying_members}
        note={change(f.paying_members, range, count)}
        link={{ to: `/config?${BILLING_FILTER_PARAM}=subscribed`, label: 'Ver las cuentas con suscripción' }}
      >
        {count(f.paying_members.value)}
      </Figure>
      {stats.mrr.map((mrr) => (
        <Income key={mrr.currency} mrr={mrr} range={range} />
      ))}
      <Figure {...T.new_members} note={change(f.new_members, range, count)}>
        {count(f.new_members.value)}
      </Figure>
      <Figure {...T.paid_signups} note={change(f.paid_signups, range, count)}>
        {count(f.paid_signups.value)}
      </Figure>
      <Figure {...T.cancellations} note={change(f.cancellations, range, count)}>
        {count(f.cancellations.value)}
      </Figure>
      <Figure {...T.monthly_churn} note={change(f.monthly_churn, range, percent)}>
        {percent(f.monthly_churn.value)}
      </Figure>
      <Figure {...T.trial_conversion} note={change(f.trial_conversion, range, percent)}>
        {percent(f.trial_conversion.value)}
      </Figure>
    </SimpleGrid>
  );
}

const flowColumns = (metrics: Partial<Record<StatsMetric, string>>): StatsColumn[] =>
  Object.entries(metrics).map(([key, label]) => ({ key, label }));

function Charts({ stats, from, to }: { stats: StatsOverview; from: string; to: string }) {
  const periods = { day: daysOf, week: weeksOf, month: monthsOf }[stats.period](from, to);
  const per = { day: 'por día', week: 'por semana', month: 'por mes' }[stats.period];
  // A month's rows are keyed AAAA-MM (its first point is keyed by the range's first day).
  const points = (metric: StatsMetric) => {
    const found = stats.series.find((series) => series.metric === metric)?.points ?? [];
    return stats.period === 'month'
      ? found.map((point) => ({ ...point, day: point.day.slice(0, 7) }))
      : found;
  };
  const table = (metric: StatsMetric, columns: StatsColumn[] = [], labelOf?: (dimension: string) => string) =>
    tableOf(points(metric), periods, columns, labelOf, stats.period);
  // Several flows in one chart: each metric becomes a column.
  const flows = (metrics: Partial<Record<StatsMetric, string>>) =>
    tableOf(
      Object.keys(metrics).flatMap((metric) =>
        points(metric as StatsMetric).map((point) => ({ ...point, dimension: metric })),
      ),
      periods,
      flowColumns(metrics),
      undefined,
      stats.period,
    );
  const suffix = `${from}_${to}.csv`;
  const currencies = [...new Set(points('mrr').map((point) => point.dimension.split(':')[0] ?? ''))].sort();
  const toolLabel = (tool: string) => (isToolName(tool) ? TOOL_TITLES[tool] : tool);
  return (
    <Stack gap="lg">
      <StatsChart
        title="Miembros por rol"
        kind="area"
        stacked
        table={table('members')}
        filename={`miembros-por-rol_${suffix}`}
      />
      <StatsChart
        title={`Cambios de rol ${per}`}
        kind="bar"
        stacked
        table={table('role_changes')}
        filename={`cambios-de-rol_${suffix}`}
      />
      {currencies.map((currency) => {
        const money = (value: number) => formatMoney(value, currency);
        return (
          <StatsChart
            key={currency}
            title={`Ingresos mensuales recurrentes (${currency.toUpperCase()})`}
            kind="area"
            stacked
            format={money}
            csvFormat={(value) => String(value / 100)}
            table={tableOf(
              points('mrr')
                .filter((point) => point.dimension.startsWith(`${currency}:`))
                .map((point) => ({ ...point, dimension: point.dimension.slice(currency.length + 1) })),
              periods,
              PAYING_STATES.map((state) => ({ key: state, label: PAYING_STATE_LABELS[state] })),
              undefined,
              stats.period,
            )}
            filename={`ingresos-${currency}_${suffix}`}
          />
        );
      })}
      <StatsChart
        title={`Altas y bajas de pago ${per}`}
        kind="bar"
        table={flows({
          paid_signups: 'Altas de pago',
          cancellations: 'Bajas de pago',
          trial_starts: 'Pruebas iniciadas',
          trial_conversions: 'Pruebas convertidas',
        })}
        filename={`altas-y-bajas_${suffix}`}
      />
      <StatsChart
        title="Suscripciones por estado"
        kind="area"
        stacked
        table={table(
          'paying',
          PAYING_STATES.map((state) => ({ key: state, label: PAYING_STATE_LABELS[state] })),
        )}
        filename={`suscripciones_${suffix}`}
      />
      <StatsChart
        title={`Nuevos miembros y activaciones ${per}`}
        kind="bar"
        table={flows({ signups: 'Nuevos miembros', activations: 'Activaciones' })}
        filename={`nuevos-miembros_${suffix}`}
      />
      <StatsChart
        title={
          stats.period === 'month' ? 'Miembros activos cada día, sumados por mes' : `Miembros activos ${per}`
        }
        kind="line"
        definition={T.active.definition}
        table={flows({ active: T.active.label })}
        filename={`miembros-activos_${suffix}`}
      />
      <StatsChart
        title="Miembros activos por mes"
        kind="bar"
        definition={T.active_month.definition}
        table={{
          period: 'month',
          columns: [{ key: 'active', label: T.active.label }],
          rows: stats.monthly_active.map(({ month, value }) => ({ day: month, values: { active: value } })),
        }}
        filename={`miembros-activos-por-mes_${suffix}`}
      />
      <StatsChart
        title={`Uso de las herramientas ${per}`}
        kind="bar"
        stacked
        table={table('tool_uses', [], toolLabel)}
        filename={`uso-herramientas_${suffix}`}
      />
      <StatsChart
        title={`Clases completadas ${per}`}
        kind="bar"
        stacked
        table={table(
          'completions',
          LIBRARY_NAMES.map((library) => ({ key: library, label: TOOL_TITLES[library] })),
        )}
        filename={`clases-completadas_${suffix}`}
      />
      {LIBRARY_NAMES.map((library) => (
        <ClassCompletionTable
          key={library}
          title={`Finalización de las clases: ${TOOL_TITLES[library]}`}
          library={library}
        />
      ))}
    </Stack>
  );
}

/** Estadísticas: the community's figures for the holders of its permission. */
export function StatsPage() {
  const [range, setRange] = useState<StatsRange>('30');
  const stats = useStats(range);
  const data = stats.data;
  return (
    <Container size="xl" py="lg">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <Stack gap={4}>
            <Title order={1}>Estadísticas</Title>
            {data?.from && data.to && (
              <Text c="dimmed">
                Del {formatDay(data.from)} al {formatDay(data.to)} ({data.time_zone})
              </Text>
            )}
          </Stack>
          <SegmentedControl
            aria-label="Periodo"
            value={range}
            onChange={(value) => setRange(StatsRange.parse(value))}
            data={STATS_RANGES.map((value) => ({ value, label: STATS_RANGE_LABELS[value] }))}
          />
        </Group>
        <ListState
          loading={stats.isPending}
          error={stats.isError ? errorMessage(stats.error, M.load) : null}
          empty={!data?.from}
          loadingLabel="Cargando estadísticas..."
          emptyLabel={M.empty}
          onRetry={() => void stats.refetch()}
        >
          {data?.from && data.to && (
            <Stack gap="lg">
              <Figures stats={data} />
              <Charts stats={data} from={data.from} to={data.to} />
            </Stack>
          )}
        </ListState>
      </Stack>
    </Container>
  );
}
