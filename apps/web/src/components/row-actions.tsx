import { ActionIcon, Group, Tooltip, type MantineSpacing } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface Look {
  /** `light` in tables, `subtle` in card lists. */
  variant?: 'light' | 'subtle';
  /** Shows the label as a tooltip too (for icon buttons without a visible column header). */
  withTooltip?: boolean;
}

export interface RowActionProps extends Look {
  /** The accessible name, e.g. `Editar ${name}`. */
  label: string;
  onClick: () => void;
  color?: string;
  disabled?: boolean;
  children: ReactNode;
}

/** One icon-only action on a list row: the label is its accessible name. */
export function RowAction({
  label,
  onClick,
  color,
  disabled,
  variant = 'light',
  withTooltip = false,
  children,
}: RowActionProps) {
  const button = (
    <ActionIcon variant={variant} color={color} aria-label={label} onClick={onClick} disabled={disabled}>
      {children}
    </ActionIcon>
  );
  return withTooltip ? (
    <Tooltip label={label} withinPortal>
      {button}
    </Tooltip>
  ) : (
    button
  );
}

export interface RowActionsProps extends Look {
  /** Edit button; left out when there is no `onEdit`. */
  editLabel?: string;
  onEdit?: () => void;
  deleteLabel: string;
  onDelete: () => void;
  iconSize?: number;
  gap?: MantineSpacing;
  /** Further actions, shown before edit and delete. */
  children?: ReactNode;
}

/** A row's edit / delete icon buttons (after any other actions), each named for the row it acts on. */
export function RowActions({
  editLabel,
  onEdit,
  deleteLabel,
  onDelete,
  iconSize = 16,
  gap = 'xs',
  children,
  ...look
}: RowActionsProps) {
  return (
    <Group gap={gap} wrap="nowrap">
      {children}
      {onEdit && editLabel && (
        <RowAction label={editLabel} onClick={onEdit} {...look}>
          <IconPencil size={iconSize} aria-hidden="true" />
        </RowAction>
      )}
      <RowAction label={deleteLabel} color="red" onClick={onDelete} {...look}>
        <IconTrash size={iconSize} aria-hidden="true" />
      </RowAction>
    </Group>
  );
}
