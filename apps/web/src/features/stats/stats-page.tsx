import { STATS_MESSAGES } from '@app/contracts';
import { Container, Text, Title } from '@mantine/core';

/** Estadísticas: the community's figures for the holders of its permission. */
export function StatsPage() {
  return (
    <Container size="lg" py="lg">
      <Title order={1}>Estadísticas</Title>
      <Text c="dimmed">{STATS_MESSAGES.empty}</Text>
    </Container>
  );
}
