import { Box, Button, Container, Group, Stack, Text, Title } from '@mantine/core';

/** Replaces the router's default error page; `standalone` when rendered without the layout's <main>. */
export function ErrorScreen({ standalone = false }: { standalone?: boolean }) {
  return (
    <Box component={standalone ? 'main' : 'div'}>
      <Container size="sm" py={80}>
        <Stack align="center" ta="center" gap="md">
          <Title order={1}>Algo salió mal</Title>
          <Text c="dimmed">
            Se produjo un error inesperado al mostrar esta página. Vuelve al inicio o recarga la página para
            intentarlo de nuevo.
          </Text>
          <Group justify="center">
            {/* A plain link: after an error the router may be unusable, so this reloads the app. */}
            <Button component="a" href="/">
              Volver al inicio
            </Button>
            <Button variant="default" onClick={() => window.location.reload()}>
              Recargar la página
            </Button>
          </Group>
        </Stack>
      </Container>
    </Box>
  );
}
