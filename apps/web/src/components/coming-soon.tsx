import { Container, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconTool } from '@tabler/icons-react';

const TOOL_NOTICE = 'Esta herramienta está en preparación. Muy pronto podrás usarla aquí.';

/** Placeholder of a screen that is not built yet: its title and a short notice. */
export function ComingSoon({ title, notice = TOOL_NOTICE }: { title: string; notice?: string }) {
  return (
    <Container size="sm" py="xl">
      <Paper withBorder radius="md" p="xl">
        <Stack align="center" gap="md" ta="center">
          <ThemeIcon size={56} radius="xl" variant="light" aria-hidden="true">
            <IconTool size={30} />
          </ThemeIcon>
          <Title order={1}>{title}</Title>
          <Text c="dimmed">{notice}</Text>
        </Stack>
      </Paper>
    </Container>
  );
}
