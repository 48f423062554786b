import {
  BILLING_FILTER_LABELS,
  MESSAGES,
  SETTINGS_MESSAGES as M,
  type HistoryChange,
  type UserBulkBody,
  type UserBulkResult,
} from '@app/contracts';
import { badRequest } from '../../lib/errors';
import type { Actor, HistoryRecorder, RecordedChange } from '../history';
import type { BulkTarget } from './bulk-repo';
import type { SettingsQueries, SettingsRepo } from './repo';
import { assertSomeoneAdministers } from '../accounts';
import { assertRoleExists } from './rules';
import { subscriptionEndChange, type AccountEvents, type EndSubscription } from './users-service';
import type { AccountRef } from './users-repo';

export interface BulkServiceDeps {
  repo: SettingsRepo;
  history: HistoryRecorder;
  events: AccountEvents;
  endSubscription: EndSubscription;
  deleteCustomer: (customerId: string) => Promise<void>;
}

const BULK_LABELS = {
  activate: 'Activar',
  deactivate: 'Desactivar',
  set_role: 'Cambiar rol',
  delete: 'Eliminar',
} as const;

/** How many accounts a bulk entry names; the rest are counted. */
const BULK_NAMED_MAX = 50;

/**
 * The accounts a bulk action changed, by name and email (a name alone can look like another's), sorted, the
 * first BULK_NAMED_MAX of them and how many more.
 */
function namedAccounts(accounts: readonly AccountRef[]): string {
  const sorted = [...accounts].sort((a, b) => a.username.localeCompare(b.username, 'es'));
  // An erased account is named by its pseudonym alone.
  const named = sorted
    .slice(0, BULK_NAMED_MAX)
    .map((a) => (a.email ? `${a.username} (${a.email})` : a.username));
  const more = sorted.length - named.length;
  return named.join(', ') + (more > 0 ? ` y ${more} más` : '');
}

/** Which accounts the action was asked for, as Historial shows it: the selection or the list's filter. */
function targetChange({ ids, filter }: UserBulkBody): HistoryChange {
  if (ids) return { field: 'seleccion', before: null, after: `${ids.length} marcadas` };
  const described = [
    filter?.search ? `búsqueda «${filter.search}»` : '',
    filter?.pending ? 'solo pendientes' : '',
    filter?.billing ? `suscripción «${BILLING_FILTER_LABELS[filter.billing]}»` : '',
  ].filter(Boolean);
  return { field: 'filtro', before: null, after: described.join(', ') || 'todas las cuentas' };
}

/** The history fields of a bulk action: what it did, how many and which accounts changed, and its target. */
function bulkChanges(
  input: UserBulkBody,
  changed: readonly AccountRef[],
  roleName?: string,
): RecordedChange[] {
  const affected = changed.length;
  return [
    { field: 'accion', before: null, after: BULK_LABELS[input.action], values: { after: input.action } },
    { field: 'cuentas', before: null, after: String(affected), values: { after: affected } },
    ...(affected > 0 ? [{ field: 'afectadas', before: null, after: namedAccounts(changed) }] : []),
    ...(roleName ? [{ field: 'role', before: null, after: roleName, values: { after: roleName } }] : []),
    targetChange(input),
  ];
}

/** Writes the action on the targeted accounts; returns those it changed and the new role's name if any. */
async function applyBulk(
  tx: SettingsQueries,
  input: UserBulkBody,
  target: BulkTarget,
): Promise<{ changed: AccountRef[]; roleName?: string | undefined }> {
  if (input.action === 'delete') return { changed: await tx.bulkDelete(target) };
  if (input.action === 'set_role') {
    const roleId = input.role_id;
    if (roleId === undefined) throw badRequest(MESSAGES.invalidRequest, 'role_id');
    await assertRoleExists(tx, roleId);
    const roleName = (await tx.findRole(roleId))?.name;
    return { changed: await tx.bulkUpdate(target, { role_id: roleId }), roleName };
  }
  return { changed: await tx.bulkUpdate(target, { is_active: input.action === 'activate' }) };
}

/** The bulk actions of the user list: activate, deactivate, change role or delete many accounts. */
export function createBulkService({
  repo,
  history,
  events,
  endSubscription,
  deleteCustomer,
}: BulkServiceDeps) {
  /**
   * One action on many accounts in one transaction. The lock-out rule is checked on the state after the
   * whole batch: a batch that would leave no active config holder is refused whole, nothing written. The live
   * subscriptions of the accounts deactivated or deleted end at the provider last, as the administrator chose;
   * a refusal there rolls the batch back (subscriptions already ended before it stay ended).
   */
  const bulkUsers = async (input: UserBulkBody, actor: Actor): Promise<UserBulkResult> => {
    const target: BulkTarget = input.ids ? { ids: input.ids } : { filter: input.filter ?? {} };
    let told: { kind: 'activated' | 'refused'; members: AccountRef[] } | undefined;
    let erased: AccountRef[] = [];
    const result = await repo.transaction(async (tx) => {
      await tx.lockRoleHolders();
      if (input.action === 'activate' || input.action === 'delete') {
        const members = await tx.listPending(target);
        told = { kind: input.action === 'activate' ? 'activated' : 'refused', members };
      }
      const ends = input.action === 'delete' || input.action === 'deactivate';
      const subscriptions = ends ? await tx.bulkLiveSubscriptions(target, input.action === 'deactivate') : [];
      const ending = input.subscription_end ?? 'period_end';
      const customers = input.action === 'delete' ? await tx.bulkCustomers(target) : [];
      if (input.action === 'delete') erased = await tx.listActive(target);
      const { changed, roleName } = await applyBulk(tx, input, target);
      const affected = changed.length;
      await history.recordAction(actor, {
        kind: 'users.bulk',
        entity_type: 'user',
        label: `${BULK_LABELS[input.action]}: ${affected} ${affected === 1 ? 'cuenta' : 'cuentas'}`,
        changes: [
          ...bulkChanges(input, changed, roleName),
          ...(subscriptions.length > 0 ? [subscriptionEndChange(ending, subscriptions.length)] : []),
        ],
      });
      await assertSomeoneAdministers(tx, M.bulkLastConfigUser);
      for (const { subscription_id } of subscriptions) await endSubscription(subscription_id, ending);
      // A subscription left to run to the end of its period needs its customer: deleting it would end it now.
      if (subscriptions.length === 0 || ending === 'now') {
        for (const customer of customers) await deleteCustomer(customer);
      }
      return { affected };
    });
    if (input.action === 'delete') await repo.forgetDeleted();
    if (told?.kind === 'activated') events.activated(told.members);
    if (told?.kind === 'refused') events.refused(told.members);
    if (erased.length > 0) events.erased(erased);
    return result;
  };

  return { bulkUsers };
}
