import { AI_NOT_READY_MESSAGE } from '@app/contracts';
import { Alert, Button, Text } from '@mantine/core';

/** What the notice needs from an AI tool's settings as an administrator reads them. */
interface AiToolSettings {
  connection_id: string | null;
}

/** The notice's title when the tool has no connection yet, or null when it has one. */
const missingSetting = (settings: AiToolSettings): string | null =>
  settings.connection_id === null ? 'Falta elegir la conexión de IA' : null;

/**
 * Tells the administrator that an AI tool cannot generate yet (no connection chosen), before a member finds out
 * with a failed generation; the button opens the tool's settings.
 */
export function AiKeyNotice({
  settings,
  onConfigure,
}: {
  settings?: AiToolSettings;
  onConfigure: () => void;
}) {
  const title = settings ? missingSetting(settings) : null;
  if (!title) return null;
  return (
    <Alert color="yellow" variant="light" title={title}>
      <Text size="sm" mb="xs">
        Los miembros no pueden usar esta herramienta hasta que completes su configuración.
      </Text>
      <Button size="xs" variant="light" color="yellow" onClick={onConfigure}>
        Configurar ahora
      </Button>
    </Alert>
  );
}

/**
 * What a member reads when the tool cannot generate yet (the server's yes or no, never its settings): the notice
 * instead of a failed submission.
 */
export function AiNotReadyNotice({ configured }: { configured: boolean | undefined }) {
  if (configured !== false) return null;
  return (
    <Alert color="yellow" variant="light" title="Herramienta no disponible todavía">
      <Text size="sm">{AI_NOT_READY_MESSAGE}</Text>
    </Alert>
  );
}
