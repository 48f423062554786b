import { Button, Group, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';

/** An admin section's heading with its "Nuevo ..." button. */
export function SectionHeader({
  title,
  addLabel,
  onAdd,
}: {
  title: string;
  addLabel: string;
  onAdd: () => void;
}) {
  return (
    <Group justify="space-between">
      <Title order={2}>{title}</Title>
      <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={onAdd}>
        {addLabel}
      </Button>
    </Group>
  );
}
