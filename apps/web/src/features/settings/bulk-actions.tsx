import {
  roleDisplayName,
  SETTINGS_MESSAGES as M,
  type BulkAction,
  type SubscriptionEnding,
  type UserBulkBody,
} from '@app/contracts';
import { Button, Group, Modal, Paper, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { notifyDone, notifyFailed } from '@/lib/notify';
import { errorMessage } from '@/lib/query-client';
import { useBulkUsers } from './api/bulk-users';
import { useRoles } from './api/get-roles';
import { SubscriptionEndChoice } from './subscription-end-choice';

/** "1 cuenta", "3 cuentas" */
const accountsLabel = (n: number): string => (n === 1 ? '1 cuenta' : `${n} cuentas`);

const plural = (n: number, word: string) => (n === 1 ? word : `${word}s`);

/** The confirmation's question, stating the count: "¿Activar 3 cuentas?" */
export const bulkQuestion = (action: BulkAction, n: number): string => {
  const accounts = accountsLabel(n);
  switch (action) {
    case 'activate':
      return `¿Activar ${accounts}?`;
    case 'deactivate':
      return `¿Desactivar ${accounts}? Se cerrarán sus sesiones.`;
    case 'set_role':
      return `¿Cambiar el rol de ${accounts}?`;
    case 'delete':
      return `¿Eliminar ${accounts}? Esta acción no se puede deshacer.`;
  }
};

/** The toast after the server's answer: "2 cuentas activadas". */
export const bulkDone = (action: BulkAction, n: number): string => {
  const done = {
    activate: 'activada',
    deactivate: 'desactivada',
    set_role: 'con el rol cambiado',
    delete: 'eliminada',
  }[action];
  const word = action === 'set_role' ? done : plural(n, done);
  return `${accountsLabel(n)} ${word}`;
};

const TITLES: Record<BulkAction, string> = {
  activate: 'Activar cuentas',
  deactivate: 'Desactivar cuentas',
  set_role: 'Cambiar rol',
  delete: 'Eliminar cuentas',
};

const CONFIRM_LABELS: Record<BulkAction, string> = {
  activate: 'Activar',
  deactivate: 'Desactivar',
  set_role: 'Cambiar rol',
  delete: 'Eliminar',
};

export interface BulkActionsProps {
  /** How many accounts the action would touch. */
  count: number;
  /** What the server is sent: the chosen ids, or the list's filter. */
  target: Pick<UserBulkBody, 'ids' | 'filter'>;
  /** Every account matching the filter is selected (not only ticked rows). */
  allMatching: boolean;
  /** How many accounts match the filter, for "Seleccionar todos los que coinciden con el filtro (N)". */
  matching: number;
  onSelectAllMatching: () => void;
  onClear: () => void;
  /** After the server applied the action. */
  onDone: () => void;
  /** Some of the accounts may have a live subscription (or the list cannot tell): deactivating asks how it ends. */
  withSubscriptions?: boolean;
}

/** The selection's count and the actions on it. */
function SelectionToolbar({
  count,
  allMatching,
  matching,
  onOpen,
  onSelectAllMatching,
  onClear,
}: Pick<BulkActionsProps, 'count' | 'allMatching' | 'matching' | 'onSelectAllMatching' | 'onClear'> & {
  onOpen: (action: BulkAction) => void;
}) {
  return (
    <Group gap="sm" wrap="wrap">
      <Text fw={500} aria-live="polite">
        {allMatching
          ? `${accountsLabel(count)} (todas las que coinciden con el filtro)`
          : `${accountsLabel(count)} ${plural(count, 'seleccionada')}`}
      </Text>
      <Button size="xs" variant="light" onClick={() => onOpen('activate')}>
        Activar
      </Button>
      <Button size="xs" variant="light" onClick={() => onOpen('deactivate')}>
        Desactivar
      </Button>
      <Button size="xs" variant="light" onClick={() => onOpen('set_role')}>
        Cambiar rol
      </Button>
      <Button size="xs" variant="light" color="red" onClick={() => onOpen('delete')}>
        Eliminar
      </Button>
      {!allMatching && matching > count && (
        <Button size="xs" variant="subtle" onClick={onSelectAllMatching}>
          {`Seleccionar todos los que coinciden con el filtro (${matching})`}
        </Button>
      )}
      <Button size="xs" variant="subtle" color="gray" onClick={onClear}>
        Quitar selección
      </Button>
    </Group>
  );
}

/** The confirmation of one action: its question, how subscriptions end, the new role, and the buttons. */
function BulkConfirm({
  action,
  count,
  endsSubscriptions,
  ending,
  onEnding,
  roles,
  roleId,
  roleError,
  onRole,
  busy,
  onCancel,
  onConfirm,
}: {
  action: BulkAction;
  count: number;
  endsSubscriptions: boolean;
  ending: SubscriptionEnding;
  onEnding: (ending: SubscriptionEnding) => void;
  roles: ReturnType<typeof useRoles>;
  roleId: string | null;
  roleError: string | undefined;
  onRole: (value: string | null) => void;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Stack gap="lg">
      <Text>{bulkQuestion(action, count)}</Text>
      {endsSubscriptions && (
        <SubscriptionEndChoice
          value={ending}
          onChange={onEnding}
          description="Para las cuentas que tengan una suscripción activa en Stripe."
        />
      )}
      {action === 'set_role' && (
        <Select
          label="Nuevo rol"
          required
          placeholder="Selecciona un rol"
          data={(roles.data ?? []).map((role) => ({
            value: String(role.id),
            label: roleDisplayName(role.name),
          }))}
          allowDeselect={false}
          value={roleId}
          onChange={onRole}
          error={roleError ?? (roles.error ? M.loadRoles : undefined)}
          disabled={roles.isPending}
          comboboxProps={{ withinPortal: true }}
        />
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel} disabled={busy}>
          Cancelar
        </Button>
        <Button
          color={action === 'delete' || action === 'deactivate' ? 'red' : undefined}
          onClick={onConfirm}
          loading={busy}
        >
          {CONFIRM_LABELS[action]}
        </Button>
      </Group>
    </Stack>
  );
}

/** The toolbar shown while accounts are selected, and its confirmation. */
export function BulkActions({
  count,
  target,
  allMatching,
  matching,
  onSelectAllMatching,
  onClear,
  onDone,
  withSubscriptions = false,
}: BulkActionsProps) {
  const [action, setAction] = useState<BulkAction | null>(null);
  const [ending, setEnding] = useState<SubscriptionEnding>('period_end');
  const [roleId, setRoleId] = useState<string | null>(null);
  const [roleError, setRoleError] = useState<string | undefined>();
  const bulk = useBulkUsers();
  const roles = useRoles();

  const open = (next: BulkAction) => {
    setAction(next);
    setEnding('period_end');
    setRoleId(null);
    setRoleError(undefined);
  };
  const close = () => {
    if (!bulk.isPending) setAction(null);
  };
  const endsSubscriptions = withSubscriptions && (action === 'deactivate' || action === 'delete');
  const confirm = () => {
    if (action === null) return;
    if (action === 'set_role' && roleId === null) {
      setRoleError(M.chooseRole);
      return;
    }
    const body: UserBulkBody = {
      action,
      ...target,
      ...(action === 'set_role' ? { role_id: Number(roleId) } : {}),
      ...(endsSubscriptions ? { subscription_end: ending } : {}),
    };
    bulk.mutate(body, {
      onSuccess: ({ affected }) => {
        notifyDone(bulkDone(action, affected));
        onDone();
      },
      onError: (error) => notifyFailed(errorMessage(error, M.bulkFailed)),
      onSettled: () => setAction(null),
    });
  };

  return (
    <Paper withBorder p="sm" role="region" aria-label="Acciones sobre la selección">
      <SelectionToolbar
        count={count}
        allMatching={allMatching}
        matching={matching}
        onOpen={open}
        onSelectAllMatching={onSelectAllMatching}
        onClear={onClear}
      />

      <Modal
        opened={action !== null}
        onClose={close}
        title={action ? TITLES[action] : ''}
        centered
        closeButtonProps={{ 'aria-label': 'Cerrar' }}
      >
        {action && (
          <BulkConfirm
            action={action}
            count={count}
            endsSubscriptions={endsSubscriptions}
            ending={ending}
            onEnding={setEnding}
            roles={roles}
            roleId={roleId}
            roleError={roleError}
            onRole={(value) => {
              setRoleId(value);
              setRoleError(undefined);
            }}
            busy={bulk.isPending}
            onCancel={close}
            onConfirm={confirm}
          />
        )}
      </Modal>
    </Paper>
  );
}
