import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { downloadText } from '@/lib/download';

/** The ten backup codes, shown once: to copy or download as a text file before going on. */
export function BackupCodes({
  codes,
  onDone,
  doneLabel,
}: {
  codes: string[];
  onDone: () => void;
  doneLabel: string;
}) {
  const [copied, setCopied] = useState(false);
  // Going on waits until the codes have left the screen (copied or downloaded): they are never shown again.
  const [kept, setKept] = useState(false);
  const text = [
    'Códigos de recuperación de tu cuenta',
    'Cada código sirve una sola vez. Guárdalos en un lugar seguro.',
    '',
    ...codes,
  ].join('\n');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      setKept(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <Stack gap="sm">
      <Alert color="yellow" variant="light" title="Guarda tus códigos de recuperación">
        Si pierdes el móvil, podrás entrar con uno de estos códigos. Cada código sirve una sola vez y no
        volveremos a mostrarlos.
      </Alert>
      <List aria-label="Códigos de recuperación" listStyleType="none" spacing={4} ff="monospace" fz="lg">
        {codes.map((code) => (
          <List.Item key={code}>{code}</List.Item>
        ))}
      </List>
      <Group gap="sm">
        <Button variant="default" onClick={() => void copy()}>
          {copied ? 'Copiados' : 'Copiar'}
        </Button>
        <Button
          variant="default"
          onClick={() => {
            downloadText('codigos-de-recuperacion.txt', text, 'text/plain;charset=utf-8');
            setKept(true);
          }}
        >
          Descargar (.txt)
        </Button>
      </Group>
      <Text size="sm" c="dimmed" id="backup-codes-next">
        {kept ? 'Cuando los hayas guardado, continúa.' : 'Copia o descarga los códigos para continuar.'}
      </Text>
      <Button onClick={onDone} disabled={!kept} aria-describedby="backup-codes-next">
        {doneLabel}
      </Button>
    </Stack>
  );
}
