import type { StripeClient } from '../../integrations/stripe';
import type { Mailer } from '../../integrations/mailer';
import type { RateLimits } from '../../lib/rate-limits';
import { createAccessRepo, createAccountsRepo } from '../accounts';
import type { HistoryRecorder } from '../history';
import type { Notifier } from '../notifications';
import { defineModule, type BaseContext } from '../registration';
import { createCheckoutService } from './checkout';
import { createCustomersRepo } from './customers-repo';
import { billingPersonalData } from './personal-data';
import { createPlansRepo } from './plans-repo';
import { createPlansService, type PlansService } from './plans-service';
import { billingRoutes } from './routes';
import { createSubscriptionsRepo } from './subscriptions-repo';
import { createBillingSync } from './sync';
import { billingWebhookRoutes } from './webhook-routes';

type BillingContext = BaseContext & {
  limits: RateLimits;
  history: HistoryRecorder;
  mailer: Mailer;
  notifier: Notifier;
  stripe: StripeClient | undefined;
};

/**
 * Plans, checkout and the Stripe webhook that keeps subscriptions and roles in step. Gives the plans service
 * (the first-day checklist asks it whether plans exist).
 */
export const billingModule = defineModule({
  name: 'billing',
  personalData: billingPersonalData,
  register: async (context: BillingContext): Promise<PlansService> => {
    const { app, config, db, clock, limits, history, mailer, notifier, publicUrl, stripe } = context;
    const plansRepo = createPlansRepo(db);
    const sync = createBillingSync({
      stripe,
      webhookSecret: config.stripe.webhookSecret,
      repo: createSubscriptionsRepo(db),
      access: createAccessRepo(db),
      accounts: createAccountsRepo(db),
      history,
      notifier,
      mailer,
      clock,
      publicUrl,
      log: app.log,
    });
    const plans = createPlansService({
      repo: plansRepo,
      stripe,
      history,
      webhookSecretSet: config.stripe.webhookSecret !== undefined,
      appUrl: config.appUrl,
      waiting: () => sync.waiting(),
    });
    // A plan that sells administration (saved before the rule, or written around it) is told at every start.
    for (const warning of await plans.adminWarnings()) app.log.warn({ billing: 'plan' }, warning);
    billingRoutes(app, {
      plans,
      checkout: createCheckoutService({
        plans: plansRepo,
        customers: createCustomersRepo(db),
        stripe,
        limits,
        publicUrl,
      }),
      sync,
    });
    await billingWebhookRoutes(app, sync);
    return plans;
  },
});
