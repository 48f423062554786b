/** What the billing module offers the app: plans, checkout, and the webhook that keeps subscriptions in step. */
export { createCustomerDeleter, createSubscriptionEnder } from './end-subscription';
export { createInvoiceReader } from './invoices';
export {
  liveSubscriptions,
  planRoles,
  planUsesRole,
  revenueChangesBefore,
  stripeCustomers,
  subscribed,
  subscribersIn,
  subscriptionOf,
  subscriptionPrices,
  subscriptionsByMember,
  subscriptionStates,
  type LiveSubscription,
  type RevenueChange,
} from './member-reads';
/** The module's one registration: its routes, its webhook, its member data. */
export { billingModule } from './register';
