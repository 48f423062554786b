import { me, MESSAGES, type SessionUser } from '@app/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import {
  createSessionStore,
  hasPermission,
  SESSION_CHECK_PATH,
  SESSION_STORAGE_KEY,
  type SessionStoreDeps,
} from './session-store';
import { sessionCalls, type SessionCalls } from './session-calls';

const freshUser: SessionUser = {
  id: 7,
  username: 'ana',
  email: 'ana@example.com',
  phone: '600000000',
  role: 'vip',
  role_id: 2,
  permissions: ['texto', 'membresia'],
};

const save = (value: unknown) =>
  localStorage.setItem(SESSION_STORAGE_KEY, typeof value === 'string' ? value : JSON.stringify(value));

/** A store whose calls answer as given; the saved session is checked by the app's own schema. */
const build = (calls: Partial<SessionCalls> = {}, deps: Partial<SessionStoreDeps> = {}) =>
  createSessionStore({
    storage: localStorage,
    load: () =>
      Promise.resolve({
        parseSaved: sessionCalls.parseSaved,
        fetchMe: () => Promise.resolve(freshUser),
        sendLogout: () => Promise.resolve({ ok: true }),
        ...calls,
      }),
    ...deps,
  });

/** A server that has not answered yet. */
const pending = () => new Promise<never>(() => undefined);

beforeEach(() => localStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe('session store', () => {
  it('starts signed out and ready without a saved session', () => {
    const state = build().getState();
    expect(state).toMatchObject({ isAuthenticated: false, user: null, status: 'ready' });
  });

  it('restores a valid saved session, lower-casing the role and defaulting permissions', async () => {
    save({ isAuthenticated: true, user: { id: 3, email: 'luis@example.com', role: 'VIP', extra: 'x' } });
    const store = build({ fetchMe: pending });
    // Signed in at once (the page is prerendered for a member), the saved user shown once it is checked.
    expect(store.getState()).toMatchObject({ isAuthenticated: true, user: null, status: 'checking' });
    void store.getState().confirm();
    await vi.waitFor(() => expect(store.getState().user).not.toBeNull());

    const state = store.getState();
    expect(state.isAuthenticated).toBe(true);
    expect(state.status).toBe('checking');
    expect(state.user).toMatchObject({
      id: 3,
      email: 'luis@example.com',
      role: 'vip',
      permissions: [],
      extra: 'x',
    });
  });

  it.each([
    ['text that is not JSON', '{not json'],
    ['a signed-out entry', JSON.stringify({ isAuthenticated: false, user: null })],
  ])('discards and removes a saved entry that is no session at once (%s)', (_, raw) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    save(raw);
    const state = build().getState();

    expect(state).toMatchObject({ isAuthenticated: false, user: null, status: 'ready' });
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(warn).toHaveBeenCalledOnce();
  });

  it.each([
    ['a user without email', { id: 1, role: 'vip' }],
    ['a user without id', { email: 'a@b.c', role: 'vip' }],
    ['a user without role', { id: 1, email: 'a@b.c' }],
  ])(
    'signs out and removes a saved session with a corrupt user, without asking the server (%s)',
    async (_, user) => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      const fetchMe = vi.fn(() => Promise.resolve(freshUser));
      save({ isAuthenticated: true, user });
      const store = build({ fetchMe });
      await store.getState().confirm();

      expect(store.getState()).toMatchObject({ isAuthenticated: false, user: null, status: 'ready' });
      expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
      expect(warn).toHaveBeenCalledOnce();
      expect(fetchMe).not.toHaveBeenCalled();
    },
  );

  it('mirrors the session to userSession on sign-in and removes it on sign-out', () => {
    const store = build();
    store.getState().setUser({ ...freshUser, role: 'Admin' });

    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null')).toEqual({
      isAuthenticated: true,
      // The role in lower case, as the spec's session keeps it, and its name as written beside it for showing.
      user: { ...freshUser, role: 'admin', role_label: 'Admin', permissions: ['membresia', 'texto'] },
    });
    expect(store.getState()).toMatchObject({ isAuthenticated: true, status: 'ready' });

    store.getState().signOut();
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(store.getState()).toMatchObject({ isAuthenticated: false, user: null });
  });

  it('denies every permission while checking and grants them once confirmed', async () => {
    save({ isAuthenticated: true, user: { ...freshUser, permissions: ['texto'] } });
    const store = build();
    expect(hasPermission(store.getState(), 'texto')).toBe(false);

    await store.getState().confirm();
    expect(store.getState().status).toBe('ready');
    expect(hasPermission(store.getState(), 'texto')).toBe(true);
    expect(hasPermission(store.getState(), 'config')).toBe(false);
  });

  it('replaces the saved user with the one the server confirms', async () => {
    save({ isAuthenticated: true, user: { id: 7, email: 'old@example.com', role: 'cafeinas' } });
    const store = build();
    await store.getState().confirm();

    expect(store.getState().user).toMatchObject({ email: 'ana@example.com', role: 'vip' });
    expect(
      (JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null') as { user: { email: string } }).user
        .email,
    ).toBe('ana@example.com');
  });

  it('signs out when the server no longer knows the session', async () => {
    save({ isAuthenticated: true, user: freshUser });
    const store = build({ fetchMe: () => Promise.reject(new ApiError(MESSAGES.notAuthenticated, 401)) });
    await store.getState().confirm();

    expect(store.getState()).toMatchObject({ isAuthenticated: false, user: null, status: 'ready' });
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('keeps the saved session when the server cannot be reached', async () => {
    save({ isAuthenticated: true, user: freshUser });
    const store = build({ fetchMe: () => Promise.reject(new ApiError(MESSAGES.network, 0)) });
    await store.getState().confirm();

    expect(store.getState()).toMatchObject({ isAuthenticated: true, status: 'ready' });
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).not.toBeNull();
  });

  it("sends the session check as it is created and confirms with that check's answer, once", async () => {
    save({ isAuthenticated: true, user: freshUser });
    const sent = Promise.resolve(new Response());
    const check = vi.fn(() => sent);
    const fetchMe = vi.fn(() => Promise.resolve(freshUser));
    const store = build({ fetchMe }, { check });
    // Sent before the app asks for a confirmation, so it travels while the app loads.
    expect(check).toHaveBeenCalledOnce();

    await store.getState().confirm();
    expect(fetchMe).toHaveBeenLastCalledWith(sent);
    expect(store.getState()).toMatchObject({ user: { email: freshUser.email }, status: 'ready' });
    // A later confirmation asks the server again.
    await store.getState().confirm();
    expect(fetchMe).toHaveBeenLastCalledWith(undefined);
    expect(check).toHaveBeenCalledOnce();
  });

  it('sends no session check without a saved session', () => {
    const check = vi.fn(() => Promise.resolve(new Response()));
    build({}, { check });
    expect(check).not.toHaveBeenCalled();
  });

  it("checks the session at the contract's path", () => {
    expect(SESSION_CHECK_PATH).toBe(me.path);
  });

  it('logs out locally even when the server call fails', async () => {
    const store = build({ sendLogout: () => Promise.reject(new ApiError(MESSAGES.network, 0)) });
    store.getState().setUser(freshUser);
    await store.getState().logout();

    expect(store.getState().isAuthenticated).toBe(false);
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });
});
