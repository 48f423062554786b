import type { NetworkLimit } from '@app/contracts';
import { ActionIcon, Group, Paper, SimpleGrid, Text, Title, Tooltip } from '@mantine/core';
import { IconCopy, IconTrash } from '@tabler/icons-react';
import { copyText } from './copy-text';
import { TextMeasures } from './text-measures';

const EMPTY = 'El texto generado aparecerá aquí';
const WAITING = 'Generando respuesta...';

interface ResultPanelProps {
  /** Each variant's text (one element for a single text). */
  texts: string[];
  busy: boolean;
  limit: NetworkLimit | null;
  onClear: () => void;
}

/** "Texto Generado": one text, or one card per variant, each with its copy button, counter and hashtags. */
export function ResultPanel({ texts, busy, limit, onClear }: ResultPanelProps) {
  const several = texts.length > 1;
  const hasText = texts.some((text) => text !== '');
  const first = texts[0] ?? '';

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="redgram-result-title">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id="redgram-result-title">
          Texto Generado
        </Title>
        <Group gap={4}>
          {!several && (
            <Tooltip label="Copiar texto">
              <ActionIcon
                variant="subtle"
                aria-label="Copiar texto"
                disabled={first === ''}
                onClick={() => void copyText(first)}
              >
                <IconCopy size={18} />
              </ActionIcon>
            </Tooltip>
          )}
          <Tooltip label="Limpiar texto generado">
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label="Limpiar texto generado"
              disabled={!hasText || busy}
              onClick={onClear}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>

      {several ? (
        <SimpleGrid cols={{ base: 1, md: texts.length }} spacing="md">
          {texts.map((text, index) => (
            <VariantCard key={index} number={index + 1} text={text} busy={busy} limit={limit} />
          ))}
        </SimpleGrid>
      ) : (
        <>
          <Text
            data-testid="redgram-result"
            aria-live="polite"
            aria-busy={busy}
            c={first ? undefined : 'dimmed'}
            style={{ whiteSpace: 'pre-wrap', minHeight: 120 }}
          >
            {first || (busy ? WAITING : EMPTY)}
          </Text>
          <TextMeasures text={first} limit={limit} label="" />
        </>
      )}
    </Paper>
  );
}

function VariantCard({
  number,
  text,
  busy,
  limit,
}: {
  number: number;
  text: string;
  busy: boolean;
  limit: NetworkLimit | null;
}) {
  const titleId = `redgram-variant-${number}`;
  return (
    <Paper withBorder radius="sm" p="md" component="section" aria-labelledby={titleId}>
      <Group justify="space-between" mb="xs">
        <Title order={3} size="h5" id={titleId}>
          Variante {number}
        </Title>
        <Tooltip label={`Copiar variante ${number}`}>
          <ActionIcon
            variant="subtle"
            aria-label={`Copiar variante ${number}`}
            disabled={text === ''}
            onClick={() => void copyText(text)}
          >
            <IconCopy size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
      <Text
        data-testid={`redgram-variant-${number}`}
        aria-live="polite"
        aria-busy={busy}
        c={text ? undefined : 'dimmed'}
        style={{ whiteSpace: 'pre-wrap', minHeight: 96 }}
      >
        {text || (busy ? WAITING : EMPTY)}
      </Text>
      <TextMeasures text={text} limit={limit} label={` de la variante ${number}`} />
    </Paper>
  );
}
