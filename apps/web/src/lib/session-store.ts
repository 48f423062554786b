import {
  normalizeRoleName,
  sortTools,
  type PrerenderSession,
  type SessionUser,
  type ToolName,
} from '@app/contracts';
import {
  createContext,
  createElement,
  startTransition,
  useContext,
  useEffect,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { createStore } from 'zustand/vanilla';
import { ApiError, loadRequestModule, setUnauthorizedHandler } from './api-error';
import { nextTask } from './next-task';
import type { SessionCalls } from './session-calls';

/** Local storage key of the saved session (spec, section 9). */
export const SESSION_STORAGE_KEY = 'userSession';

export type SessionStatus = 'checking' | 'ready';

export interface SessionState {
  isAuthenticated: boolean;
  /** Null while signed out, and while a restored session's saved user waits to be checked. */
  user: SessionUser | null;
  /** 'checking' while a restored session waits for the server's confirmation. */
  status: SessionStatus;
  /** Signs in with the user the server returned (the API client checked it against the contract). */
  setUser: (user: SessionUser) => SessionUser;
  /** Forgets the session locally (the saved entry is removed). */
  signOut: () => void;
  /**
   * Restores the saved user (a corrupt entry is removed and the member signed out), then asks the server who is
   * signed in (the first time, reads the answer to the check sent at creation): refreshes the user, signs out on
   * 401, keeps the session when offline.
   */
  confirm: () => Promise<void>;
  /** Ends the session on the server and locally; the local part happens whatever the server answers. */
  logout: () => Promise<void>;
}

export interface SessionStoreDeps {
  storage: Storage;
  /**
   * The store's API requests and its check of a saved user (./session-calls.ts), loaded when first needed: they
   * bring zod and the API client, which the first screens do not load.
   */
  load: () => Promise<SessionCalls>;
  /**
   * Sends the server's check of a saved session (`GET /api/auth/me`) as the store is created, when an entry claims a
   * member: it then travels while the app's modules evaluate and `load` fetches the requests, and `confirm` reads
   * its answer instead of asking again.
   */
  check?: () => Promise<Response>;
}

const readSaved = (storage: Storage): string | null => {
  try {
    return storage.getItem(SESSION_STORAGE_KEY);
  } catch {
    return null;
  }
};

/** A saved entry worth restoring: JSON that says signed in (its user is checked once session-calls has loaded). */
const claimsSession = (raw: string): boolean => {
  try {
    return (JSON.parse(raw) as { isAuthenticated?: unknown } | null)?.isAuthenticated === true;
  } catch {
    return false;
  }
};

const discardSaved = (storage: Storage): void => {
  // eslint-disable-next-line no-console -- the spec asks for a corrupt saved session to be logged before removal
  console.warn(`Sesión guardada no válida en "${SESSION_STORAGE_KEY}": se descarta.`);
  try {
    storage.removeItem(SESSION_STORAGE_KEY);
  } catch {
    // Storage blocked: nothing was restored from it either.
  }
};

export const createSessionStore = ({ storage, load, check }: SessionStoreDeps) => {
  const saved = readSaved(storage);
  const restoring = saved !== null && claimsSession(saved);
  if (saved !== null && !restoring) discardSaved(storage);
  let sent = restoring ? check?.() : undefined;
  // Read by the first confirmation only; one that never comes (no app) must not report a rejection.
  sent?.catch(() => undefined);

  const save = (user: SessionUser | null) => {
    try {
      if (user) storage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ isAuthenticated: true, user }));
      else storage.removeItem(SESSION_STORAGE_KEY);
    } catch {
      // Storage full or blocked (private mode): the in-memory session still works for this tab.
    }
  };

  const store = createStore<SessionState>()((set, get) => ({
    isAuthenticated: restoring,
    user: null,
    status: restoring ? 'checking' : 'ready',

    setUser: (answer) => {
      const user = {
        ...answer,
        role: normalizeRoleName(answer.role),
        role_label: answer.role_label ?? answer.role,
        permissions: sortTools(answer.permissions),
      };
      save(user);
      set({ isAuthenticated: true, user, status: 'ready' });
      return user;
    },

    signOut: () => {
      save(null);
      set({ isAuthenticated: false, user: null, status: 'ready' });
    },

    confirm: async () => {
      const answer = sent;
      sent = undefined;
      if (!get().isAuthenticated) {
        set({ status: 'ready' });
        return;
      }
      let calls: SessionCalls;
      try {
        calls = await load();
      } catch {
        set({ status: 'ready' });
        return;
      }
      // Loading session-calls evaluated zod; the saved user is checked in a task of its own.
      await nextTask();
      // A sign-out or a sign-in that happened meanwhile wins over the saved entry.
      if (!get().isAuthenticated) return;
      if (get().user === null) {
        const entry = readSaved(storage);
        const user = entry === null ? null : calls.parseSaved(entry);
        if (user === null) {
          if (entry !== null) discardSaved(storage);
          set({ isAuthenticated: false, user: null, status: 'ready' });
          return;
        }
        set({ user });
      }
      try {
        const fresh = await calls.fetchMe(answer);
        // A sign-out that happened meanwhile wins over a late answer.
        if (get().isAuthenticated) get().setUser(fresh);
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) get().signOut();
        else set({ status: 'ready' });
      }
    },

    logout: async () => {
      try {
        await (await load()).sendLogout();
      } catch {
        // The local session ends whatever the server says (spec, section 4).
      } finally {
        get().signOut();
      }
    },
  }));

  /*
   * The app reads the session through a SessionView (app/providers.tsx): a copy in React state that takes each
   * change of the store as a transition, so a change (the server confirming the member, say) re-renders the screen
   * in short slices instead of one blocking render, and a page prerendered for a member not known yet can be
   * hydrated with the state it was rendered with (`hydrateAs`) before it shows the member. Outside a view (a
   * component tested on its own) the hook reads the store itself, like zustand's `create`; the prerender
   * (src/prerender/pages.tsx) reads the state set for the page it renders rather than the store's initial one.
   */
  const View = createContext<SessionState | undefined>(undefined);
  const inView = () => () => undefined;
  const nothing = () => undefined;

  const useBoundStore = <T>(selector: (state: SessionState) => T): T => {
    const view = useContext(View);
    const live = useSyncExternalStore<T | undefined>(
      view ? inView : store.subscribe,
      view ? nothing : () => selector(store.getState()),
      view ? nothing : () => selector(store.getState()),
    );
    return view ? selector(view) : (live as T);
  };

  function SessionView({ hydrateAs, children }: { hydrateAs?: Partial<SessionState>; children: ReactNode }) {
    const [state, setState] = useState(() => {
      const stored = store.getState();
      // The stored state itself when the prerendered one agrees with it, so the view has nothing to catch up with.
      const differs = Object.entries(hydrateAs ?? {}).some(
        ([key, value]) => stored[key as keyof SessionState] !== value,
      );
      return differs ? { ...stored, ...hydrateAs } : stored;
    });
    useEffect(() => {
      const update = () => startTransition(() => setState(store.getState()));
      update();
      return store.subscribe(update);
    }, []);
    return createElement(View.Provider, { value: state }, children);
  }

  return Object.assign(useBoundStore, store, { View: SessionView });
};

/** False while the session is being confirmed or when signed out. */
export const hasPermission = (state: Pick<SessionState, 'status' | 'user'>, tool: ToolName): boolean =>
  state.status === 'ready' && state.user?.permissions.includes(tool) === true;

/** Outside a browser (the build's prerender) no session is saved. */
const noSavedSession: Storage = {
  length: 0,
  clear: () => undefined,
  getItem: () => null,
  key: () => null,
  removeItem: () => undefined,
  setItem: () => undefined,
};

/** The session check's path: contracts' `me` endpoint, whose value import would bring zod (a test pins the two). */
export const SESSION_CHECK_PATH = '/api/auth/me';

export const useSession = createSessionStore({
  storage: typeof window === 'undefined' ? noSavedSession : window.localStorage,
  load: async () => (await loadRequestModule(() => import('./session-calls'))).sessionCalls,
  // A plain same-origin GET: the request the API client would send.
  check: () => fetch(SESSION_CHECK_PATH),
});

setUnauthorizedHandler(() => {
  if (useSession.getState().isAuthenticated) useSession.getState().signOut();
});

/** The session in the app's tree: see createSessionStore. */
export const SessionView = useSession.View;

/**
 * The session state a page is prerendered with (src/prerender/pages.tsx) and hydrated with: nobody signed in, or
 * a member the page does not know yet.
 */
export const PRERENDER_SESSION_STATES = {
  'signed-out': { isAuthenticated: false, user: null, status: 'ready' },
  'signed-in': { isAuthenticated: true, user: null, status: 'checking' },
} as const satisfies Record<PrerenderSession, Partial<SessionState>>;

/** Hook form of {@link hasPermission}. */
export const useHasPermission = (tool: ToolName): boolean =>
  useSession((state) => hasPermission(state, tool));
