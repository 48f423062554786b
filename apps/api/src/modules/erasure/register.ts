import type { Mailer } from '../../integrations/mailer';
import type { StripeClient } from '../../integrations/stripe';
import type { RateLimits } from '../../lib/rate-limits';
import { createCustomerDeleter, createSubscriptionEnder } from '../billing';
import type { HistoryRecorder } from '../history';
import type { JobRunner } from '../jobs';
import { defineModule, type BaseContext } from '../registration';
import { createErasureRepo, type AccountEraser } from './repo';
import { erasureRoutes } from './routes';
import { createErasureService, type ErasureServiceDeps } from './service';

interface ErasureContext extends BaseContext {
  history: HistoryRecorder;
  mailer: Mailer;
  jobs: JobRunner;
  limits: RateLimits;
  /** The erasure of accounts over every table the modules declared as holding member data. */
  eraser: AccountEraser;
  stripe: StripeClient | undefined;
  /** The stored password hash of an account (the sign-in module). */
  loadPasswordHash: (email: string) => Promise<string | undefined>;
  /** The account's second factor, asked for after the password (the two-factor module). */
  secondFactor: ErasureServiceDeps['secondFactor'];
}

/** The member's own erasure, and its background job: the erasures whose paid period has ended. */
export const erasureModule = defineModule({
  name: 'erasure',
  register: (context: ErasureContext) => {
    const { app, config, db, clock, jobs, stripe } = context;
    const erasure = createErasureService({
      eraser: context.eraser,
      repo: createErasureRepo(db),
      history: context.history,
      endSubscription: createSubscriptionEnder(stripe),
      deleteCustomer: createCustomerDeleter(stripe),
      loadPasswordHash: context.loadPasswordHash,
      limits: context.limits,
      secondFactor: context.secondFactor,
      mailer: context.mailer,
      clock,
      timeZone: config.timeZone,
      log: app.log,
    });
    erasureRoutes(app, erasure);
    for (const job of erasure.jobs()) jobs.declare(job);
  },
});
