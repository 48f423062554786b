import {
  logout,
  me,
  MESSAGES,
  normalizeRoleName,
  sortTools,
  type SessionUser,
  type ToolName,
} from '@app/contracts';
import { z } from 'zod';
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
import { api, ApiError, setUnauthorizedHandler } from './api';

/** Local storage key of the saved session (spec, section 9). */
export const SESSION_STORAGE_KEY = 'userSession';

/**
 * A session user as saved in the browser: id, email and role are required, the role is kept lower case,
 * missing permissions are an empty list, and fields this app does not know pass through unchanged.
 */
export const StoredUser = z.looseObject({
  id: z.number().int().positive(),
  email: z.string().trim().min(1),
  role: z.string().trim().min(1).transform(normalizeRoleName),
  username: z.string().default(''),
  phone: z.string().nullable().default(null),
  role_id: z.number().int().positive().default(1),
  permissions: z.array(z.string()).default([]).transform(sortTools),
});

const StoredSession = z.object({
  isAuthenticated: z.literal(true),
  user: StoredUser,
});

export type SessionStatus = 'checking' | 'ready';

export interface SessionState {
  isAuthenticated: boolean;
  user: SessionUser | null;
  /** 'checking' while a restored session waits for the server's confirmation. */
  status: SessionStatus;
  /** Signs in with the user the server returned; throws "Datos de usuario inválidos" when it lacks id, email or role. */
  setUser: (user: unknown) => SessionUser;
  /** Forgets the session locally (the saved entry is removed). */
  signOut: () => void;
  /** Asks the server who is signed in: refreshes the user, signs out on 401, keeps the session when offline. */
  confirm: () => Promise<void>;
  /** Ends the session on the server and locally; the local part happens whatever the server answers. */
  logout: () => Promise<void>;
}

export interface SessionStoreDeps {
  storage: Storage;
  fetchMe: () => Promise<unknown>;
  sendLogout: () => Promise<unknown>;
}

const readSavedUser = (storage: Storage): SessionUser | null => {
  let raw: string | null;
  try {
    raw = storage.getItem(SESSION_STORAGE_KEY);
  } catch {
    return null;
  }
  if (raw === null) return null;
  try {
    const parsed = StoredSession.safeParse(JSON.parse(raw));
    if (parsed.success) return parsed.data.user;
  } catch {
    // Not JSON: handled below like any other corrupt entry.
  }
  // eslint-disable-next-line no-console -- the spec asks for a corrupt saved session to be logged before removal
  console.warn(`Sesión guardada no válida en "${SESSION_STORAGE_KEY}": se descarta.`);
  storage.removeItem(SESSION_STORAGE_KEY);
  return null;
};

export const createSessionStore = ({ storage, fetchMe, sendLogout }: SessionStoreDeps) => {
  const savedUser = readSavedUser(storage);

  const save = (user: SessionUser | null) => {
    try {
      if (user) storage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ isAuthenticated: true, user }));
      else storage.removeItem(SESSION_STORAGE_KEY);
    } catch {
      // Storage full or blocked (private mode): the in-memory session still works for this tab.
    }
  };

  const store = createStore<SessionState>()((set, get) => ({
    isAuthenticated: savedUser !== null,
    user: savedUser,
    status: savedUser ? 'checking' : 'ready',

    setUser: (raw) => {
      const parsed = StoredUser.safeParse(raw);
      if (!parsed.success) throw new Error(MESSAGES.invalidUserData);
      const user = parsed.data;
      save(user);
      set({ isAuthenticated: true, user, status: 'ready' });
      return user;
    },

    signOut: () => {
      save(null);
      set({ isAuthenticated: false, user: null, status: 'ready' });
    },

    confirm: async () => {
      if (!get().isAuthenticated) {
        set({ status: 'ready' });
        return;
      }
      try {
        const fresh = await fetchMe();
        // A sign-out that happened meanwhile wins over a late answer.
        if (get().isAuthenticated) get().setUser(fresh);
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) get().signOut();
        else set({ status: 'ready' });
      }
    },

    logout: async () => {
      try {
        await sendLogout();
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
   * in short slices instead of one blocking render, and the page the server drew for a member not known yet can
   * be hydrated as drawn (`drawnAs`) before it shows the member. Outside a view (a component tested on its own)
   * the hook reads the store itself, like zustand's `create`; a render outside the browser (the build's, in
   * src/prerender.tsx) reads the state as set for the page it draws rather than the store's initial one.
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

  function SessionView({ drawnAs, children }: { drawnAs?: Partial<SessionState>; children: ReactNode }) {
    const [state, setState] = useState(() => {
      const stored = store.getState();
      // The stored state itself when the drawing agrees with it, so the view has nothing to catch up with.
      const differs = Object.entries(drawnAs ?? {}).some(
        ([key, value]) => stored[key as keyof SessionState] !== value,
      );
      return differs ? { ...stored, ...drawnAs } : stored;
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

/** Outside a browser (the build's prerender of the signed-out pages) nobody is signed in. */
const noSavedSession: Storage = {
  length: 0,
  clear: () => undefined,
  getItem: () => null,
  key: () => null,
  removeItem: () => undefined,
  setItem: () => undefined,
};

export const useSession = createSessionStore({
  storage: typeof window === 'undefined' ? noSavedSession : window.localStorage,
  fetchMe: () => api(me),
  sendLogout: () => api(logout),
});

setUnauthorizedHandler(() => {
  if (useSession.getState().isAuthenticated) useSession.getState().signOut();
});

/** The session in the app's tree: see createSessionStore. */
export const SessionView = useSession.View;

/**
 * The session each kind of page the build draws (src/prerender.tsx) is drawn with, by who the server sends it to:
 * nobody signed in, or a member the page does not know yet. The app hydrates a page with the same.
 */
export const DRAWN_SESSIONS = {
  'signed-out': { isAuthenticated: false, user: null, status: 'ready' },
  'signed-in': { isAuthenticated: true, user: null, status: 'checking' },
} as const satisfies Record<string, Partial<SessionState>>;

/** Who a drawn page is for: the server sends 'signed-in' pages only to a browser with a session cookie. */
export type Visitor = keyof typeof DRAWN_SESSIONS;

/** Hook form of {@link hasPermission}. */
export const useHasPermission = (tool: ToolName): boolean =>
  useSession((state) => hasPermission(state, tool));
