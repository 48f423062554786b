import { STATS_FIGURE_TEXTS as T, type StatsToday } from '@app/contracts';
import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { liveLabel } from '@/lib/as-of';
import { Definition } from './definition';

function TodayFigure({ label, definition, value }: { label: string; definition: string; value: number }) {
  return (
    <Paper withBorder radius="md" p="sm" role="group" aria-label={`${label} (hoy)`}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={22} fw={700}>
        {value.toLocaleString('es-ES')}
      </Text>
      <Definition label={`${label} (hoy)`}>{definition}</Definition>
    </Paper>
  );
}

/** Today so far, live, beside the closed days: «Hoy, hasta las 14:05». */
export function TodayFigures({ today }: { today: StatsToday }) {
  const titleId = useId();
  const live = liveLabel(today.as_of, today.time_zone);
  return (
    <Stack gap="xs" component="section" aria-labelledby={titleId}>
      <Title order={2} size="h4" id={titleId}>
        {live.charAt(0).toUpperCase() + live.slice(1)}
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="sm">
        <TodayFigure {...T.active} value={today.active} />
        <TodayFigure {...T.new_members} value={today.new_members} />
        <TodayFigure {...T.paid_signups} value={today.paid_signups} />
        <TodayFigure {...T.cancellations} value={today.cancellations} />
        <TodayFigure {...T.active_members} value={today.accounts} />
      </SimpleGrid>
    </Stack>
  );
}
