import { ADMIN_TOOLS, TWO_FACTOR_MESSAGES as T, type TwoFactorRules } from '@app/contracts';
import { badRequest } from '../../lib/errors';
import { diff, type Actor } from '../history';
import type { FactorChecks, TwoFactorServiceDeps } from './checks';
import { sessionsEndedByRules } from './decide';
import { RULES_KEY, type TwoFactorRepo } from './repo';

/**
 * Stores the rules on first start: a new installation (no account yet) requires a second factor of
 * administrators when configured to; an existing one starts without the requirement, so an upgrade does not send
 * every administrator to set up an app at their next sign-in unannounced.
 */
export async function seedTwoFactorRules(
  repo: TwoFactorRepo,
  requireAdminsOnNewInstall: boolean,
): Promise<void> {
  if ((await repo.readSetting(RULES_KEY)) !== undefined) return;
  const isNew = (await repo.countUsers()) === 0;
  const rules: TwoFactorRules = { require_admins: isNew && requireAdminsOnNewInstall, required_role_ids: [] };
  await repo.seedSetting(RULES_KEY, JSON.stringify(rules));
}

/** The community's rules (Configuración): who must have a second factor. */
export function createRulesService(deps: TwoFactorServiceDeps, checks: FactorChecks) {
  const { repo } = deps;

  /** Historial shows the roles by name (a removed role by its number). */
  const names = async (list: readonly number[]) => {
    const found = await repo.rolesByIds(list);
    const shown = list.map((id) => found.find((role) => role.id === id)?.name ?? String(id));
    return shown.length > 0 ? shown.sort() : null;
  };

  return {
    readRules: () => checks.readRules(),

    async rulesView() {
      return { ...(await checks.readRules()), mail_configured: deps.mailConfigured };
    },

    /**
     * Saves the rules; Historial records the change in the same transaction. A rule applies at once: the
     * sessions of accounts it now requires a factor of, and that have none, end (not the saving administrator's),
     * so nobody it covers stays in for hours on a sign-in made before it.
     */
    async saveRules(actor: Actor, sessionId: string, next: TwoFactorRules) {
      const ids = [...new Set(next.required_role_ids)].sort((a, b) => a - b);
      const named = await repo.rolesByIds(ids);
      if (named.length !== ids.length) throw badRequest(T.unknownRole, 'required_role_ids');
      const before = await checks.readRules();
      const rules: TwoFactorRules = { require_admins: next.require_admins, required_role_ids: ids };
      await repo.write(async () => {
        await repo.saveSetting(RULES_KEY, JSON.stringify(rules));
        const changes = diff(
          { require_admins: before.require_admins, required_roles: await names(before.required_role_ids) },
          { require_admins: rules.require_admins, required_roles: await names(rules.required_role_ids) },
          ['require_admins', 'required_roles'],
        );
        await deps.history.recordAction(actor, {
          kind: 'two_factor.rules',
          entity_type: 'settings',
          label: 'Verificación en dos pasos',
          changes,
        });
      });
      const ended = sessionsEndedByRules(before, rules);
      await repo.endUnprotectedSessions(
        { roleIds: ended.roleIds, adminTools: ended.administrators ? ADMIN_TOOLS : null },
        sessionId,
      );
      return { ...rules, mail_configured: deps.mailConfigured };
    },
  };
}
