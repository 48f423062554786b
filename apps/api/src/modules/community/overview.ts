import type {
  AdminOverview,
  AiToolsStatus,
  Community,
  FirstStep,
  StatsOverview,
  StatsToday,
} from '@app/contracts';
import type { OverviewRepo } from './overview-repo';

export interface OverviewDeps {
  repo: OverviewRepo;
  /** SMTP_URL is set: emails really leave (otherwise they are written to the outbox folder). */
  mailConfigured: boolean;
  /** Stripe's key is set, and at least one plan is saved. */
  billing: () => Promise<{ connected: boolean; plans: number }>;
  ai: () => Promise<AiToolsStatus>;
  /** Estadísticas' read of the last 30 closed days (kept daily rows only). */
  stats: () => Promise<StatsOverview>;
  /** Estadísticas' figures of today so far, live. */
  today: () => Promise<StatsToday>;
  community: () => Promise<Community>;
}

/** The administrator's first screen: the community at a glance and the first steps, from the real state. */
export function createOverviewService(deps: OverviewDeps) {
  return {
    /**
     * Money is Estadísticas' to show: a holder of Configuración without that tool sees the members, not the
     * income or the paying count.
     */
    async overview(viewer: { permissions: readonly string[] }): Promise<AdminOverview> {
      const seesMoney = viewer.permissions.includes('estadisticas');
      const [accounts, billing, ai, stats, today, community, membresia, cafelito] = await Promise.all([
        deps.repo.accounts(),
        deps.billing(),
        deps.ai(),
        deps.stats(),
        deps.today(),
        deps.community(),
        deps.repo.hasClass('membresia'),
        deps.repo.hasClass('cafelito-virtual'),
      ]);
      const closed = stats.to !== null;
      const done: Record<FirstStep, boolean> = {
        mail: deps.mailConfigured,
        billing: billing.connected && billing.plans > 0,
        ai: ai.texto && ai.redgram,
        membresia,
        'cafelito-virtual': cafelito,
        community: community.name !== null && community.logo_url !== null,
      };
      return {
        glance: {
          members: accounts.active,
          pending: accounts.pending,
          paying: closed && seesMoney ? stats.figures.paying_members.value : null,
          new_members_30d: closed ? stats.figures.new_members.value : null,
          // Stripe's MRR (item amounts after discounts, no tax, retrying apart), as Estadísticas counts it.
          mrr: seesMoney ? stats.money.map(({ currency, mrr }) => ({ currency, amount: mrr })) : [],
          as_of: today.as_of,
          time_zone: today.time_zone,
          closed_to: stats.to,
          closes_at: today.closes_at,
          active_today: today.active,
          new_today: today.new_members,
        },
        steps: (Object.keys(done) as FirstStep[]).map((step) => ({ step, done: done[step] })),
        ai,
      };
    },
  };
}

export type OverviewService = ReturnType<typeof createOverviewService>;
