import { Alert, Button, Text } from '@mantine/core';

/**
 * Tells the administrator that an AI tool has no Gemini key yet, before a member finds out with a failed
 * generation; the button opens the tool's settings.
 */
export function AiKeyNotice({ onConfigure }: { onConfigure: () => void }) {
  return (
    <Alert color="yellow" variant="light" title="Falta la API key de Gemini">
      <Text size="sm" mb="xs">
        Los miembros no pueden usar esta herramienta hasta que configures la API key.
      </Text>
      <Button size="xs" variant="light" color="yellow" onClick={onConfigure}>
        Configurar ahora
      </Button>
    </Alert>
  );
}
