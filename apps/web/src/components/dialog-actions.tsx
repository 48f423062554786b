import { Button, Group, type MantineColor, type MantineSpacing } from '@mantine/core';

/**
 * A dialog's footer: "Cancelar" (off while saving) and the confirming button, which shows the save in progress.
 * The button submits its form, or calls `onSubmit` in a dialog without one. Both stay on one row: on a phone a
 * long label wraps inside its button rather than pushing the button onto a row of its own.
 */
export function DialogActions({
  onCancel,
  saving,
  submitLabel,
  onSubmit,
  color,
  mt,
}: {
  onCancel: () => void;
  saving: boolean;
  submitLabel: string;
  onSubmit?: () => void;
  color?: MantineColor;
  mt?: MantineSpacing;
}) {
  return (
    <Group justify="flex-end" wrap="nowrap" gap="sm" mt={mt}>
      <Button variant="default" onClick={onCancel} disabled={saving} flex="none">
        Cancelar
      </Button>
      <Button type={onSubmit ? 'button' : 'submit'} onClick={onSubmit} color={color} loading={saving}>
        {submitLabel}
      </Button>
    </Group>
  );
}
