import { REDGRAM_VARIANTS_MAX } from '@app/contracts';
import { Button, Group, NativeSelect } from '@mantine/core';

/** How many variants to write, and the buttons that start, stop and clear the writing. */
export function GenerateBar({
  variantCount,
  onVariantCount,
  busy,
  canGenerate,
  onGenerate,
  onStop,
  canClear,
  onClear,
}: {
  variantCount: number;
  onVariantCount: (count: number) => void;
  busy: boolean;
  canGenerate: boolean;
  onGenerate: () => void;
  onStop: () => void;
  canClear: boolean;
  onClear: () => void;
}) {
  return (
    <Group align="flex-end">
      <NativeSelect
        label="Variantes"
        value={String(variantCount)}
        onChange={(event) => onVariantCount(Number(event.currentTarget.value))}
        disabled={busy}
        data={Array.from({ length: REDGRAM_VARIANTS_MAX }, (_, index) => ({
          value: String(index + 1),
          label: index === 0 ? '1 variante' : `${index + 1} variantes`,
        }))}
      />
      <Button onClick={onGenerate} disabled={busy || !canGenerate}>
        {busy ? 'Generando...' : 'Generar'}
      </Button>
      {busy && (
        <Button variant="default" onClick={onStop}>
          Detener
        </Button>
      )}
      <Button variant="subtle" color="gray" onClick={onClear} disabled={!canClear}>
        Limpiar
      </Button>
    </Group>
  );
}
