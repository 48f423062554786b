import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';

export function NotFoundPage() {
  return (
    <Container size="sm" py={80}>
      <Stack align="center" ta="center" gap="md">
        <Text fz={64} fw={800} c="dimmed" aria-hidden="true">
          404
        </Text>
        <Title order={1}>Página no encontrada</Title>
        <Text c="dimmed">La página que buscas no existe o se ha movido.</Text>
        <Button component={Link} to="/">
          Volver al inicio
        </Button>
      </Stack>
    </Container>
  );
}
