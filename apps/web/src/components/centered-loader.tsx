import { Loader, Stack, Text } from '@mantine/core';

/** A spinner with a line of text, centred in the page (loading states, permission checks). */
export function CenteredLoader({ label }: { label: string }) {
  return (
    <Stack align="center" justify="center" gap="sm" mih="50vh" role="status" aria-live="polite">
      <Loader aria-hidden="true" />
      <Text c="dimmed">{label}</Text>
    </Stack>
  );
}
