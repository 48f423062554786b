import {
  countGraphemes,
  extractHashtags,
  overLimitMessage,
  REDGRAM_MESSAGES,
  type NetworkLimit,
} from '@app/contracts';
import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconHash } from '@tabler/icons-react';
import { copyText } from './copy-text';

/**
 * Under a generated text: its length against the profile's network limit (graphemes, so an emoji is one), a
 * warning when it is over, and the hashtags it contains as a block with its own copy button.
 */
export function TextMeasures({
  text,
  limit,
  label,
}: {
  text: string;
  limit: NetworkLimit | null;
  /** Names the text in the buttons when there are several ("de la variante 2"); empty for one. */
  label: string;
}) {
  if (text === '') return null;
  const count = countGraphemes(text);
  const over = limit !== null && count > limit.limit;
  const hashtags = extractHashtags(text);
  const formatted = count.toLocaleString('es-ES');

  return (
    <Stack gap="xs" mt="sm">
      <Text size="sm" c={over ? 'red.4' : 'dimmed'} data-testid="redgram-count">
        {limit
          ? `${formatted} / ${limit.limit.toLocaleString('es-ES')} caracteres (${limit.network})`
          : `${formatted} ${count === 1 ? 'carácter' : 'caracteres'}`}
      </Text>
      {over && (
        <Alert
          color="red"
          variant="light"
          role="alert"
          icon={<IconAlertTriangle size={18} aria-hidden="true" />}
        >
          {overLimitMessage(limit, count)}
        </Alert>
      )}
      {hashtags.length > 0 && (
        <Stack gap={6} role="group" aria-label={`Hashtags${label}`}>
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm" fw={600}>
              Hashtags ({hashtags.length})
            </Text>
            <Button
              size="compact-sm"
              variant="subtle"
              leftSection={<IconHash size={14} aria-hidden="true" />}
              aria-label={`Copiar hashtags${label}`}
              onClick={() => void copyText(hashtags.join(' '), REDGRAM_MESSAGES.hashtagsCopied)}
            >
              Copiar hashtags
            </Button>
          </Group>
          <Group gap={6}>
            {hashtags.map((tag) => (
              <Badge key={tag} variant="light" color="grape" tt="none">
                {tag}
              </Badge>
            ))}
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
