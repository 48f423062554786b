import { TOOL_TITLES, type ToolName } from '@app/contracts';
import { Card, Group, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import classes from './tool-grid.module.css';

function ToolCard({ tool }: { tool: ToolName }) {
  const titleId = `tool-card-${tool}-title`;
  const textId = `tool-card-${tool}-text`;
  return (
    <Card
      component={Link}
      to={`/${tool}`}
      withBorder
      radius="md"
      padding="lg"
      className={classes.card}
      aria-labelledby={titleId}
      aria-describedby={textId}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Title order={2} size="h4" id={titleId}>
          {TOOL_TITLES[tool]}
        </Title>
        <ThemeIcon variant="light" radius="xl" aria-hidden="true">
          <IconArrowRight size={16} />
        </ThemeIcon>
      </Group>
      <Text c="dimmed" size="sm" mt="sm" id={textId}>
        Accede a esta herramienta para comenzar a usarla
      </Text>
    </Card>
  );
}

/** One card per permitted tool, in the contracts' card order. */
export function ToolGrid({ tools, isLoading }: { tools: readonly ToolName[]; isLoading: boolean }) {
  if (isLoading) {
    return (
      <Group gap="sm" py="xl" justify="center" role="status">
        <Loader size="sm" aria-hidden="true" />
        <Text c="dimmed">Cargando herramientas...</Text>
      </Group>
    );
  }

  if (tools.length === 0) {
    return (
      <Stack gap={4} py="xl" align="center" ta="center">
        <Text fw={600}>No tienes acceso a ninguna herramienta.</Text>
        <Text c="dimmed">Contacta con el administrador o actualiza tu membresía.</Text>
      </Stack>
    );
  }

  return (
    <div className={classes.tools}>
      {tools.map((tool) => (
        <ToolCard key={tool} tool={tool} />
      ))}
    </div>
  );
}
