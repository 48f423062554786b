import { publicConfig } from '@app/contracts';
import { api } from './api';

/** The public settings request, loaded when first asked (see ./public-config.ts): it brings zod and the API client. */
export const fetchPublicConfig = () => api(publicConfig);
