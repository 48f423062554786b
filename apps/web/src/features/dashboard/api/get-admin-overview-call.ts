import { getAdminOverview } from '@app/contracts';
import { api } from '@/lib/api';

/** The overview request, loaded when first asked (see ./get-admin-overview.ts): it brings zod and the API client. */
export const fetchAdminOverview = () => api(getAdminOverview);
