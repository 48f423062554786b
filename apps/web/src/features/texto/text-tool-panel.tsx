import { generateTexto, TEXTO_MESSAGES, type TextoTool } from '@app/contracts';
import { Button, CloseButton, Group, Stack, Text, Textarea } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useGeneration } from '@/lib/use-generation';

const COPY_CONFIRMATION_MS = 2000;

const LABELS: Record<TextoTool, { action: string; result: string }> = {
  ortografia: { action: 'Corregir Texto', result: 'Texto Corregido' },
  herramienta2: { action: '#Emojis', result: 'Texto con Emojis' },
};

/** One text tool (its action off while the tool is `unavailable`): the original text, the action, the result that fills as Gemini writes, copy and clear. */
export function TextToolPanel({ tool, unavailable = false }: { tool: TextoTool; unavailable?: boolean }) {
  const labels = LABELS[tool];
  const [original, setOriginal] = useState('');
  const [error, setError] = useState<string | null>(null);
  /** The result is a fragment: the generation was cut or stopped before its end. */
  const [incomplete, setIncomplete] = useState(false);
  const [copied, setCopied] = useState(false);
  const copyTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const generation = useGeneration();

  useEffect(() => () => clearTimeout(copyTimer.current), []);

  const blank = original.trim() === '';

  const process = async () => {
    if (blank || generation.busy) return;
    setError(null);
    setIncomplete(false);
    const result = await generation.run(
      generateTexto,
      { body: { tool, text: original } },
      TEXTO_MESSAGES.processFailed,
    );
    if (!result.ok) setIncomplete(true);
    if (!result.ok && result.error) setError(result.error);
  };

  const fragment = incomplete && generation.text !== '' && !generation.busy;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(generation.text);
      setCopied(true);
      clearTimeout(copyTimer.current);
      copyTimer.current = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
    } catch {
      setError(TEXTO_MESSAGES.copyFailed);
    }
  };

  return (
    <Stack gap="md" pt="md">
      <Textarea
        label="Texto Original"
        placeholder="Escribe o pega aquí tu texto..."
        autosize
        minRows={6}
        maxRows={16}
        value={original}
        onChange={(event) => setOriginal(event.currentTarget.value)}
        rightSection={
          original !== '' && (
            <CloseButton aria-label="Limpiar texto original" onClick={() => setOriginal('')} />
          )
        }
        rightSectionProps={{ style: { alignItems: 'flex-start', paddingTop: 6 } }}
      />
      <Group>
        <Button onClick={() => void process()} disabled={blank || generation.busy || unavailable}>
          {generation.busy ? 'Procesando...' : labels.action}
        </Button>
        {generation.busy && (
          <Button variant="default" onClick={generation.stop}>
            Detener
          </Button>
        )}
      </Group>

      <Textarea
        label={labels.result}
        readOnly
        autosize
        minRows={6}
        maxRows={20}
        value={generation.text}
        aria-busy={generation.busy}
        description={
          fragment ? 'Texto incompleto: la generación se interrumpió antes de terminar.' : undefined
        }
        styles={fragment ? { input: { borderColor: 'var(--mantine-color-yellow-6)' } } : undefined}
      />
      <Group>
        <Button variant="default" onClick={() => void copy()} disabled={generation.text === ''}>
          {copied ? 'Copiado' : fragment ? 'Copiar texto incompleto' : 'Copiar'}
        </Button>
        <Button
          variant="subtle"
          color="gray"
          onClick={() => {
            generation.setText('');
            setIncomplete(false);
          }}
          disabled={generation.text === '' || generation.busy}
        >
          Limpiar resultado
        </Button>
      </Group>
      {error && (
        <Text c="red.4" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
