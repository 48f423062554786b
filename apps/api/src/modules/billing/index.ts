/** What the billing module offers the app: plans, checkout, and the webhook that keeps subscriptions in step. */
export { createCustomerDeleter, createSubscriptionEnder } from './end-subscription';
export { createInvoiceReader } from './invoices';
export {
  liveSubscriptions,
  planUsesRole,
  stripeCustomers,
  subscribersIn,
  type LiveSubscription,
} from './member-reads';
/** The module's one registration: its routes, its webhook, its member data. */
export { billingModule } from './register';
/** The members' subscriptions and their prices: the users list shows each member's plan, Estadísticas' close reads both. */
export {
  billingPlans,
  billingPrices,
  billingRevenueChanges,
  billingSubscriptions,
  billingWaitingPayments,
} from './schema';
