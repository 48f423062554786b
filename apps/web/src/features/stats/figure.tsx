import { STATS_RANGE_LABELS, type StatsFigure, type StatsRange } from '@app/contracts';
import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Definition } from './definition';
import { Sparkline } from './sparkline';

/** An amount in a currency's minor unit as Spain writes it ("10,50 €"). */
export function formatMoney(amount: number, currency: string): string {
  const format = new Intl.NumberFormat('es-ES', { style: 'currency', currency: currency.toUpperCase() });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amount / 10 ** digits);
}

export const count = (value: number) => value.toLocaleString('es-ES');
export const percent = (value: number) => `${value.toLocaleString('es-ES', { maximumFractionDigits: 1 })} %`;

/** "+3 respecto a los 30 días anteriores"; nothing when there is no previous range. */
export function change(
  figure: StatsFigure,
  range: StatsRange,
  show: (value: number) => string,
): string | null {
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

export function Figure({
  label,
  definition,
  children,
  note,
  link,
  trend,
  extra,
}: {
  label: string;
  definition: string;
  children?: string;
  note?: string | null;
  link?: FigureLink;
  /** The figure per period of the range, drawn small beside it. */
  trend?: readonly number[];
  extra?: ReactNode;
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
        <Group justify="space-between" gap="xs" wrap="nowrap" align="center">
          {children && (
            <Text fz={26} fw={700}>
              {children}
            </Text>
          )}
          {trend && trend.length > 1 && <Sparkline values={trend} />}
        </Group>
        {note && (
          <Text size="xs" c="dimmed">
            {note}
          </Text>
        )}
        {extra}
        {link && (
          <Anchor component={Link} to={link.to} size="sm">
            {link.label}
          </Anchor>
        )}
      </Stack>
    </Paper>
  );
}
