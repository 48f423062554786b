import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The centred card of the signed-out account pages (login look): a title, a subtitle and the content. */
export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  return (
    <Container size={460} py="xl">
      <Paper withBorder shadow="md" radius="md" p="xl">
        <Stack gap={4} mb="lg" ta="center">
          <Title order={1}>{title}</Title>
          {subtitle && <Text c="dimmed">{subtitle}</Text>}
        </Stack>
        {children}
      </Paper>
    </Container>
  );
}
