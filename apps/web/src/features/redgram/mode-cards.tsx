import type { RedgramMode } from '@app/contracts';
import { Paper, SimpleGrid, Text, UnstyledButton } from '@mantine/core';

const MODES: { mode: RedgramMode; title: string; description: string }[] = [
  { mode: 'escribir', title: 'Escribir desde Cero', description: 'Crea contenido nuevo a partir de un tema' },
  { mode: 'reescribir', title: 'Reescribir Texto', description: 'Optimiza un texto que ya tienes' },
];

/** The two generation modes, as two cards; the chosen one is pressed. */
export function ModeCards({ mode, onChange }: { mode: RedgramMode; onChange: (mode: RedgramMode) => void }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} role="group" aria-label="Modo">
      {MODES.map((item) => {
        const active = item.mode === mode;
        return (
          <UnstyledButton key={item.mode} onClick={() => onChange(item.mode)} aria-pressed={active}>
            <Paper
              withBorder
              p="md"
              radius="md"
              bg={active ? 'var(--mantine-color-blue-light)' : undefined}
              style={{ borderColor: active ? 'var(--mantine-color-blue-filled)' : undefined }}
            >
              <Text fw={600}>{item.title}</Text>
              <Text size="sm" c="dimmed">
                {item.description}
              </Text>
            </Paper>
          </UnstyledButton>
        );
      })}
    </SimpleGrid>
  );
}
