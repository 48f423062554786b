/** What the billing module offers the app: plans, checkout, and the webhook that keeps subscriptions in step. */
export { createCheckoutService } from './checkout';
export { createCustomersRepo } from './customers-repo';
export { createCustomerDeleter, createSubscriptionEnder } from './end-subscription';
export { createInvoiceReader } from './invoices';
export { createPlansRepo } from './plans-repo';
export {
  liveSubscriptions,
  planUsesRole,
  stripeCustomers,
  subscribersIn,
  type LiveSubscription,
} from './member-reads';
export { createPlansService, type PlansService } from './plans-service';
export { billingRoutes } from './routes';
/** The members' subscriptions and their prices: the users list shows each member's plan, Estadísticas' close reads both. */
export {
  billingPlans,
  billingPrices,
  billingRevenueChanges,
  billingSubscriptions,
  billingWaitingPayments,
} from './schema';
export { createSubscriptionsRepo } from './subscriptions-repo';
export { createBillingSync } from './sync';
export { billingWebhookRoutes } from './webhook-routes';
/** The member data this module holds: what erasure, the archive and retention do with it. */
export { billingPersonalData } from './personal-data';
