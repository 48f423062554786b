import {
  checkPaymentClaim,
  claimPayment,
  createPlanPrice,
  deletePlan,
  getBillingSettings,
  getMySubscription,
  listPlans,
  openBillingPortal,
  savePlan,
  startCheckout,
  testBilling,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { access, route } from '../../plugins/authz';
import { actorOf } from '../history';
import type { CheckoutService } from './checkout';
import type { PlansService } from './plans-service';
import type { BillingSync } from './sync';

/** Payments are set up in /config: the same permission as the rest of it. */
const CONFIG = access.tool('config');

export function billingRoutes(
  app: FastifyInstance,
  { plans, checkout, sync }: { plans: PlansService; checkout: CheckoutService; sync: BillingSync },
): void {
  route(app, listPlans, access.public, () => plans.publicPlans());
  // Visitors and members alike: a signed-in member's checkout is tied to their account and customer.
  route(app, startCheckout, access.public, async ({ body, request, reply }) =>
    checkout.startCheckout(body.price_id, await app.sessions.resolve(request, reply), request.ip, body.email),
  );
  // The emailed link of a waiting payment: its follower may be signed in, or choosing the account's password.
  route(app, checkPaymentClaim, access.public, ({ body }) => sync.checkClaim(body.token));
  route(app, claimPayment, access.public, async ({ body, request, reply }) => {
    const user = await app.sessions.resolve(request, reply);
    return sync.claim(body.token, body.password, user?.id);
  });
  route(app, getMySubscription, access.user, ({ user }) => checkout.mySubscription(user.id));
  route(app, openBillingPortal, access.user, ({ user }) => checkout.openPortal(user.id));

  route(app, getBillingSettings, CONFIG, () => plans.settings());
  route(app, savePlan, CONFIG, ({ params, body, user }) =>
    plans.savePlan(params.role_id, body, actorOf(user)),
  );
  route(app, createPlanPrice, CONFIG, ({ params, body, user }) =>
    plans.createPrice(params.role_id, body, actorOf(user)),
  );
  route(app, deletePlan, CONFIG, async ({ params, user }) => {
    await plans.deletePlan(params.role_id, actorOf(user));
    return { ok: true as const };
  });
  route(app, testBilling, CONFIG, () => plans.testConnection());
}
