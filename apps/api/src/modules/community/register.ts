import type { AiToolsStatus, StatsOverview, StatsToday } from '@app/contracts';
import type { HistoryRecorder } from '../history';
import { defineModule, type BaseContext } from '../registration';
import { createOverviewService } from './overview';
import { createOverviewRepo } from './overview-repo';
import { createCommunityRepo } from './repo';
import { communityRoutes } from './routes';
import { createCommunityService, type CommunityService } from './service';

/** What the overview of /config reads of the modules registered after this one (asked at each request). */
interface OverviewSources {
  /** Stripe's key is set, and at least one plan is saved (billing). */
  billingReadiness: () => Promise<{ connected: boolean; plans: number }>;
  /** Whether each AI tool can answer. */
  aiStatus: () => Promise<AiToolsStatus>;
  /** Estadísticas' last 30 closed days, and today's figures so far. */
  statsOverview: () => Promise<StatsOverview>;
  statsToday: () => Promise<StatsToday>;
}

interface CommunityContext extends BaseContext {
  history: HistoryRecorder;
  overview: OverviewSources;
}

/**
 * Datos de la comunidad and the overview of /config, which reads what the other modules give. Gives the
 * community's name and logo, which every page and email carries.
 */
export const communityModule = defineModule({
  name: 'community',
  register: ({ app, config, db, history, overview }: CommunityContext): CommunityService => {
    const community = createCommunityService({ repo: createCommunityRepo(db), history });
    communityRoutes(
      app,
      community,
      createOverviewService({
        repo: createOverviewRepo(db),
        mailConfigured: config.mail.smtpUrl !== undefined,
        billing: () => overview.billingReadiness(),
        ai: () => overview.aiStatus(),
        stats: () => overview.statsOverview(),
        today: () => overview.statsToday(),
        community: community.get,
      }),
    );
    return community;
  },
});
