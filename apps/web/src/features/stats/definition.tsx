import { Anchor, Popover, Text } from '@mantine/core';

/** «¿Qué es esto?»: a figure's definition, on demand (a hover tooltip would hide it from touch screens). */
export function Definition({ label, children }: { label: string; children: string }) {
  return (
    <Popover width={300} position="bottom-start" withArrow shadow="md">
      <Popover.Target>
        <Anchor component="button" type="button" size="xs" aria-label={`¿Qué es esto? ${label}`}>
          ¿Qué es esto?
        </Anchor>
      </Popover.Target>
      <Popover.Dropdown>
        <Text size="sm">{children}</Text>
      </Popover.Dropdown>
    </Popover>
  );
}
