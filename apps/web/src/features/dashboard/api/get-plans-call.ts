import { BILLING_MESSAGES as M, listPlans } from '@app/contracts';
import { api } from '@/lib/api';

/** The plans request, loaded when first asked (see ./get-plans.ts): it brings zod and the API client. */
export const fetchPlans = () => api(listPlans, { query: {} }, { fallbackError: M.load });
