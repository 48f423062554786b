/** What the billing module offers the app: plans, checkout, and the webhook that keeps subscriptions in step. */
export { createCheckoutService } from './checkout';
export { createCustomersRepo } from './customers-repo';
export { createSubscriptionEnder } from './end-subscription';
export { createPlansRepo } from './plans-repo';
export { createPlansService } from './plans-service';
export { billingRoutes } from './routes';
export { createSubscriptionsRepo } from './subscriptions-repo';
export { createBillingSync } from './sync';
export { billingWebhookRoutes } from './webhook-routes';

/** Estadísticas' close of each day reads the subscriptions and their prices. */
export { billingPrices, billingSubscriptions } from './schema';
