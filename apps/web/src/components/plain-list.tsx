import { Stack, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';

/** A list read as one by screen readers (`ul`), drawn as a stack of rows without bullets or indent. */
export function PlainList({
  label,
  gap = 'md',
  children,
}: {
  label?: string;
  gap?: MantineSpacing;
  children: ReactNode;
}) {
  return (
    <Stack component="ul" gap={gap} p={0} m={0} style={{ listStyle: 'none' }} aria-label={label}>
      {children}
    </Stack>
  );
}
