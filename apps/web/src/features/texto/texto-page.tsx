import { isAdmin } from '@app/contracts';
import { Button, Container, Group, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconSettings } from '@tabler/icons-react';
import { useState } from 'react';
import { AiKeyNotice, AiNotReadyNotice } from '@/components/ai-key-notice';
import { useSession } from '@/lib/session-store';
import { useTextoConfig } from './api/get-config';
import { useTextoReady } from './api/get-ready';
import { ConfigDialog } from './config-dialog';
import { TextToolPanel } from './text-tool-panel';

/** Herramientas de Texto: the spelling corrector and the emoji converter, answered by Gemini through the API. */
export function TextoPage() {
  const user = useSession((state) => state.user);
  const [configOpen, setConfigOpen] = useState(false);
  // Only an administrator may read the settings; a member asks only whether the tool is ready.
  const config = useTextoConfig(isAdmin(user));
  const ready = useTextoReady(user !== null && !isAdmin(user));
  const unavailable = ready.data?.configured === false;

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start">
          <Stack gap={4}>
            <Title order={1}>Herramientas de Texto</Title>
            <Text c="dimmed">Corrige la ortografía de tus textos o conviértelos en emojis</Text>
          </Stack>
          {isAdmin(user) && (
            <Button
              variant="default"
              leftSection={<IconSettings size={18} />}
              onClick={() => setConfigOpen(true)}
            >
              Configuración
            </Button>
          )}
        </Group>
        <AiKeyNotice settings={config.data} onConfigure={() => setConfigOpen(true)} />
        <AiNotReadyNotice configured={ready.data?.configured} />
        <Paper withBorder radius="md" p="lg">
          <Tabs defaultValue="ortografia">
            <Tabs.List>
              <Tabs.Tab value="ortografia">Corrector Ortográfico</Tabs.Tab>
              <Tabs.Tab value="herramienta2">#Emojis</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="ortografia">
              <TextToolPanel tool="ortografia" unavailable={unavailable} />
            </Tabs.Panel>
            <Tabs.Panel value="herramienta2">
              <TextToolPanel tool="herramienta2" unavailable={unavailable} />
            </Tabs.Panel>
          </Tabs>
        </Paper>
      </Stack>
      {isAdmin(user) && <ConfigDialog opened={configOpen} onClose={() => setConfigOpen(false)} />}
    </Container>
  );
}
