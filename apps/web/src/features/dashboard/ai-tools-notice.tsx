import type { AiToolsStatus } from '@app/contracts';
import { Alert, Button, Group, Text, type MantineSpacing } from '@mantine/core';
import { Link } from 'react-router-dom';

const TOOLS: { key: keyof AiToolsStatus; name: string; path: string }[] = [
  { key: 'texto', name: 'Herramientas de Texto', path: '/texto' },
  { key: 'redgram', name: 'RedGram', path: '/redgram' },
];

/** Tells the administrator which AI tools have no key or server yet, before a member finds out. */
export function AiToolsNotice({ ai, mb }: { ai: AiToolsStatus | undefined; mb?: MantineSpacing }) {
  const missing = TOOLS.filter((tool) => ai?.[tool.key] === false);
  if (missing.length === 0) return null;
  return (
    <Alert color="yellow" variant="light" mb={mb} title="Las herramientas de IA no están configuradas">
      <Text size="sm" mb="xs">
        Falta la API key o el servidor de IA: los miembros no pueden usar estas herramientas hasta que las
        configures.
      </Text>
      <Group gap="xs">
        {missing.map((tool) => (
          <Button key={tool.key} component={Link} to={tool.path} size="xs" variant="light" color="yellow">
            Configurar {tool.name}
          </Button>
        ))}
      </Group>
    </Alert>
  );
}
