import type { AiToolsStatus, StatsOverview, StatsToday } from '@app/contracts';
import { defineModule, type BaseContext } from '../registration';
import { createOverviewService } from './overview';
import { createOverviewRepo } from './overview-repo';
import { communityRoutes } from './routes';
import type { CommunityService } from './service';

interface CommunityContext extends BaseContext {
  community: CommunityService;
  /** Stripe's key is set, and at least one plan is saved (billing). */
  billingReadiness: () => Promise<{ connected: boolean; plans: number }>;
  /** Whether each AI tool can answer. */
  aiStatus: () => Promise<AiToolsStatus>;
  /** Estadísticas' last 30 closed days, and today's figures so far. */
  statsOverview: () => Promise<StatsOverview>;
  statsToday: () => Promise<StatsToday>;
}

/** Datos de la comunidad and the overview of /config, which reads what the other modules give. */
export const communityModule = defineModule({
  name: 'community',
  register: ({ app, config, db, community, ...given }: CommunityContext) =>
    communityRoutes(
      app,
      community,
      createOverviewService({
        repo: createOverviewRepo(db),
        mailConfigured: config.mail.smtpUrl !== undefined,
        billing: given.billingReadiness,
        ai: given.aiStatus,
        stats: given.statsOverview,
        today: given.statsToday,
        community: community.get,
      }),
    ),
});
