import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface ListStateProps {
  loading: boolean;
  /** The Spanish error to show; set when the last load failed. */
  error: string | null | undefined;
  empty: boolean;
  loadingLabel: string;
  emptyLabel: ReactNode;
  onRetry: () => void;
  children: ReactNode;
}

/**
 * The loading / error with "Reintentar" / empty / list states every list of the spec has, in one place.
 * Renders the children only when there is something to show.
 */
export function ListState({
  loading,
  error,
  empty,
  loadingLabel,
  emptyLabel,
  onRetry,
  children,
}: ListStateProps) {
  if (loading) {
    return (
      <Center py="xl" role="status" aria-live="polite">
        <Stack align="center" gap="sm">
          <Loader aria-hidden="true" />
          <Text c="dimmed">{loadingLabel}</Text>
        </Stack>
      </Center>
    );
  }
  if (error) {
    return (
      <Alert color="red" variant="light" role="alert">
        <Stack align="flex-start" gap="sm">
          <Text>{error}</Text>
          <Button variant="light" color="red" onClick={onRetry}>
            Reintentar
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (empty) {
    return (
      <Text c="dimmed" ta="center" py="xl">
        {emptyLabel}
      </Text>
    );
  }
  return <>{children}</>;
}
