import { login, MESSAGES, type LoginBody } from '@app/contracts';
import { api } from '@/lib/api';

/** The login call, loaded on the first submit (see ./login.ts): it brings zod and the API client. */
export const signIn = (body: LoginBody) => api(login, { body }, { fallbackError: MESSAGES.loginFailed });
