import { Button, Group, type MantineColor, type MantineSpacing } from '@mantine/core';

/**
 * A dialog's footer: "Cancelar" (off while saving) and the confirming button, which shows the save in progress.
 * The button submits its form, or calls `onSubmit` in a dialog without one.
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
    <Group justify="flex-end" mt={mt}>
      <Button variant="default" onClick={onCancel} disabled={saving}>
        Cancelar
      </Button>
      <Button type={onSubmit ? 'button' : 'submit'} onClick={onSubmit} color={color} loading={saving}>
        {submitLabel}
      </Button>
    </Group>
  );
}
