import { logout, me, normalizeRoleName, sortTools, type SessionUser } from '@app/contracts';
import { z } from 'zod';
import { api } from './api';

/*
 * The session store's requests and its check of the saved session, loaded when the store first needs them (see
 * SessionStoreDeps in ./session-store.ts): they bring zod and the API client, which hydration need not evaluate.
 */

/**
 * A session user as saved in the browser: id, email and role are required, the role is kept lower case,
 * missing permissions are an empty list, and fields this app does not know pass through unchanged.
 */
const StoredUser = z.looseObject({
  id: z.number().int().positive(),
  email: z.string().trim().min(1),
  role: z.string().trim().min(1).transform(normalizeRoleName),
  role_label: z.string().optional(),
  username: z.string().default(''),
  phone: z.string().nullable().default(null),
  role_id: z.number().int().positive().default(1),
  permissions: z.array(z.string()).default([]).transform(sortTools),
});

const StoredSession = z.object({
  isAuthenticated: z.literal(true),
  user: StoredUser,
});

export const sessionCalls = {
  /** The user of a saved session entry, or null when the entry is not a valid session. */
  parseSaved: (raw: string): SessionUser | null => {
    try {
      const parsed = StoredSession.safeParse(JSON.parse(raw));
      return parsed.success ? parsed.data.user : null;
    } catch {
      return null;
    }
  },
  /** Who is signed in; `answer` is the same request already sent (the early session check). */
  fetchMe: (answer?: Promise<Response>): Promise<SessionUser> => api(me, {}, { answer }),
  sendLogout: (): Promise<unknown> => api(logout),
};

export type SessionCalls = typeof sessionCalls;
