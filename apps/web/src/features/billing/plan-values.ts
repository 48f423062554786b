import type { AdminPlan, SavePlanBody } from '@app/contracts';

/** A plan's form values: the saved plan's, or a new plan's at `position`. */
export const initialValues = (plan: AdminPlan | undefined, position: number): SavePlanBody =>
  plan
    ? {
        position: plan.position,
        price_ids: plan.prices.map((price) => price.price_id),
        end_action: plan.end_action,
        end_role_id: plan.end_role_id,
        trial_days: plan.trial_days,
        allow_promotion_codes: plan.allow_promotion_codes,
        automatic_tax: plan.automatic_tax,
      }
    : {
        position,
        price_ids: [''],
        end_action: 'deactivate',
        end_role_id: null,
        trial_days: null,
        allow_promotion_codes: false,
        automatic_tax: false,
      };
