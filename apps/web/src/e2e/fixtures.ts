import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@app/contracts';
import {
  test as base,
  expect,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test';
import axe from 'axe-core';
import { ACCOUNTS } from './accounts';

export { ACCOUNTS, expect };

export const test = base.extend({
  // The server listens on a free port chosen at start-up (global-setup.ts).
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url) throw new Error('E2E_BASE_URL is not set: global setup did not run');
    await use(url);
  },
});

export const MOBILE = { width: 375, height: 812 };

/** Specs run in parallel against one server: every name a test creates is its own. */
export const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/**
 * The seeded administrator's verified browser (global-setup.ts verified it once with the emailed code): the
 * `trusted_device` cookie, as a Cookie header value. Without it every spec's admin sign-in would be a new device.
 */
export const adminDeviceCookie = (): string => {
  const value = process.env.E2E_ADMIN_DEVICE;
  if (!value) throw new Error('E2E_ADMIN_DEVICE is not set: global setup did not verify the admin device');
  return `trusted_device=${value}`;
};

/** Gives a browser context the seeded administrator's verified-device cookie. */
export async function useAdminDevice(context: BrowserContext, baseURL: string): Promise<void> {
  const { hostname } = new URL(baseURL);
  await context.addCookies([
    {
      name: 'trusted_device',
      value: adminDeviceCookie().slice('trusted_device='.length),
      domain: hostname,
      path: '/api/auth',
      httpOnly: true,
      sameSite: 'Strict',
    },
  ]);
}

/** Signs in through the login screen as a person would (the seeded admin from its verified browser). */
export async function signIn(
  page: Page,
  account: { email: string; password: string },
  from = '/login',
): Promise<void> {
  if (account.email === ACCOUNTS.admin.email) {
    await useAdminDevice(page.context(), process.env.E2E_BASE_URL ?? '');
  }
  await page.goto(from);
  await page.getByLabel('Correo Electrónico').fill(account.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
}

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/**
 * The seeded accounts' signed-in browsers, one per account in each worker: made the first time a test of the
 * worker asks, by signing in through the login screen (the admin from its verified browser) in a context of its
 * own, and kept as Playwright's storage state (the session and device cookies, the app's saved `userSession`).
 */
const savedSessions = new Map<string, Promise<StorageState>>();

async function savedSession(browser: Browser, account: SeededAccount): Promise<StorageState> {
  let state = savedSessions.get(account.email);
  if (!state) {
    state = (async () => {
      const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
      try {
        const page = await context.newPage();
        await signIn(page, account);
        await expect(page).toHaveURL(/\/dashboard$/);
        await expect(page.getByRole('heading', { name: `Hola, ${account.username}` })).toBeVisible();
        return await context.storageState();
      } finally {
        await context.close();
      }
    })();
    savedSessions.set(account.email, state);
    // A failed sign-in is not kept: the next test signs in again (and fails on its own if it still fails).
    state.catch(() => savedSessions.delete(account.email));
  }
  return state;
}

type SeededAccount = (typeof ACCOUNTS)[Exclude<keyof typeof ACCOUNTS, 'inactive' | 'profile'>];

/**
 * Opens `path` in the page as a seeded account already signed in, the way a browser that signed in before comes
 * back: the page's context takes the account's saved state (replacing its cookies and storage) and loads `path`.
 * For tests that are not about signing in: the login screen's own specs, and any test that ends or changes a
 * session (sign out, credential changes, identity confirmation), sign in through the screen with `signIn`, since
 * the saved session is shared by the worker's tests.
 */
export async function openSignedIn(page: Page, account: SeededAccount, path = '/dashboard'): Promise<void> {
  const browser = page.context().browser();
  if (!browser) throw new Error('the page has no browser to sign in with');
  await page.context().setStorageState(await savedSession(browser, account));
  await page.goto(path);
  // The context's first page loads every script the route needs (a sign-in through the screen had already
  // fetched most of them): on a loaded machine the server's check of the session can take longer than an
  // expectation's budget, so it is waited for here, generously.
  await expect(page.getByText('Verificando permisos...')).toHaveCount(0, { timeout: 60_000 });
}

/** Collects what the page reports as errors from now on: console errors and uncaught exceptions. */
export function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/**
 * Waits until the screen is still: no finite CSS animation or transition running (a dialog fading in, a toast
 * sliding up) and every open dialog fully opaque. Spinners (infinite animations) do not count.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const moving = document.getAnimations().some((animation) => {
      const iterations = animation.effect?.getComputedTiming().iterations ?? 1;
      return animation.playState === 'running' && Number.isFinite(iterations);
    });
    const fading = [...document.querySelectorAll('[role="dialog"]')].some(
      (dialog) => Number(getComputedStyle(dialog).opacity) < 1,
    );
    return !moving && !fading;
  });
}

/** The WCAG A/AA rules every screen is checked against. */
const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Every screen's test calls this: no serious or critical accessibility violation (axe-core, WCAG A/AA). */
export async function expectAccessible(page: Page): Promise<void> {
  await settled(page);
  // axe-core enters a document once: the later scans of a test that moves between screens of the app (one
  // document) reuse it. @axe-core/playwright sent its 580 KB twice per scan and compiled it again each time,
  // which cost more than the scan (a dashboard: 0.29 CPU-s a scan through it, 0.12 this way).
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const severe = await page.evaluate(async (tags) => {
    const scanner = (window as unknown as { axe: typeof axe }).axe;
    // A sandboxed frame shows another document, not the app's screen: an email's own HTML (Comunicados'
    // preview) or a video's player. Every rule still runs on every other element; only the violations are
    // written out node by node (the passes' details, which nothing reads, took a fifth of each scan).
    const results = await scanner.run(
      { exclude: [['iframe[sandbox]']] },
      { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] },
    );
    return results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.impact}: ${v.id} (${v.help}) at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }, WCAG_AA);
  expect(severe, severe.join('\n')).toEqual([]);
}

/**
 * For a message the screen shows only for a while (a reload countdown, "Copiado"): stops the page's timers
 * (Playwright's clock, installed before the page loaded with `page.clock.install()`) so the test can read it
 * however slow the machine is, and returns the function that lets time run again.
 */
export async function holdTimers(page: Page): Promise<() => Promise<void>> {
  // pauseAt jumps forward to a time, which must still be ahead when the call lands, on a busy machine too.
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 2_000);
  return () => page.clock.resume();
}

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
}

/** The messages the local SMTP server (apps/api/test/fakes/smtp.ts) received for an address. */
export async function mailTo(address: string): Promise<ReceivedMail[]> {
  const mailbox = process.env.FAKE_MAILBOX_URL;
  if (!mailbox) throw new Error('FAKE_MAILBOX_URL is not set: the fake SMTP server did not start');
  const response = await fetch(`${mailbox}?to=${encodeURIComponent(address)}`);
  return (await response.json()) as ReceivedMail[];
}

/** The newest sign-in code emailed to an address (written "123 456" in the letter). */
export async function emailedCode(address: string): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const mail = (await mailTo(address))
        .filter((m) => m.subject === 'Tu código para iniciar sesión')
        .at(-1);
      const match = mail && /\b(\d{3}) (\d{3})\b/.exec(mail.text);
      code = match ? `${match[1]}${match[2]}` : '';
      return code;
    })
    .not.toBe('');
  return code;
}

/**
 * Sudo mode: a security change asks the member who they are first. Fills the dialog with the current password
 * (and the app's code, where the account has the app).
 */
export async function confirmIdentity(page: Page, password: string, code?: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Confirma que eres tú' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Contraseña actual').fill(password);
  if (code !== undefined) await dialog.getByLabel('Código de verificación').fill(code);
  await dialog.getByRole('button', { name: 'Confirmar' }).click();
  await expect(dialog).toBeHidden();
}

/** An administrator on a new device: types the code the server emailed. */
export async function enterEmailedCode(page: Page, address: string): Promise<void> {
  await expect(page.getByLabel('Código del correo')).toBeVisible();
  await page.getByLabel('Código del correo').fill(await emailedCode(address));
  await page.getByRole('button', { name: 'Verificar' }).click();
}

/**
 * An account of the test's own, created by the seeded administrator through the API, who then signs out:
 * `prefix` starts its email and username, `role` is a role's name.
 */
export async function newAccount(
  request: APIRequestContext,
  { prefix, password, role = 'cafeinas' }: { prefix: string; password: string; role?: string },
): Promise<{ email: string; username: string; password: string }> {
  const headers = { [CSRF_HEADER]: CSRF_HEADER_VALUE };
  const id = unique();
  const account = { email: `${prefix}${id}@e2e.test`, username: `${prefix}${id}`, password };
  const login = await request.post('/api/auth/login', {
    headers: { ...headers, cookie: adminDeviceCookie() },
    data: { email: ACCOUNTS.admin.email, password: ACCOUNTS.admin.password },
  });
  expect(login.ok(), await login.text()).toBe(true);
  const roles = (await (await request.get('/api/admin/roles')).json()) as { id: number; name: string }[];
  const created = await request.post('/api/admin/users', {
    headers,
    data: {
      ...account,
      phone: '+34 600 000 000',
      role_id: roles.find((r) => r.name === role)?.id,
      is_active: true,
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  await request.post('/api/auth/logout', { headers });
  return account;
}

/**
 * What a phone shows fits its width: neither the box nor any box around it holds hidden columns to scroll to.
 */
export async function expectNoSidewaysScroll(box: Locator): Promise<void> {
  const scrollers = await box.evaluate((start) => {
    const found: string[] = [];
    for (let el: Element | null = start; el; el = el.parentElement) {
      const { overflowX } = getComputedStyle(el);
      const scrolls = overflowX === 'auto' || overflowX === 'scroll' || el === document.scrollingElement;
      if (scrolls && el.scrollWidth > el.clientWidth) found.push(`${el.tagName}.${el.className}`);
    }
    return found;
  });
  expect(scrollers).toEqual([]);
}

/**
 * The texts a screen cuts: every visible element holding text of its own (or an input's value) whose content is
 * wider than its box, so part of it is hidden behind an ellipsis or runs past its card. Elements inside a region
 * that scrolls sideways on purpose are measured too: the words themselves must fit their own box.
 */
export async function cutTexts(scope: Locator): Promise<string[]> {
  return scope.evaluate((root) => {
    const found: string[] = [];
    const candidates = [root, ...root.querySelectorAll('*')];
    for (const el of candidates) {
      if (!(el instanceof HTMLElement)) continue;
      // A chosen value (a select's, read-only) must fit; a typed one scrolls inside its field by design.
      const isField = el instanceof HTMLInputElement && el.readOnly && el.value !== '';
      const ownText = [...el.childNodes].some(
        (node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '',
      );
      if (!isField && !ownText) continue;
      const style = getComputedStyle(el);
      if (style.display === 'inline' || el.clientWidth === 0 || style.visibility === 'hidden') continue;
      if (el.closest('[aria-hidden="true"]') || el.getClientRects().length === 0) continue;
      // A visually hidden label (a 1 px clipped box) is not read on screen.
      if (el.clientWidth <= 1 || style.clipPath === 'inset(50%)') continue;
      if (el.scrollWidth > el.clientWidth + 1) {
        const text = isField ? el.value : (el.textContent ?? '').trim();
        found.push(`${el.tagName.toLowerCase()} «${text.slice(0, 60)}» ${el.scrollWidth}>${el.clientWidth}`);
      }
    }
    return found;
  });
}

/** Before and after pictures of a changed screen (SHOTS_DIR, SHOTS_TAG), for the change's review. */
export async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  await settled(page);
  await page.screenshot({ path: `${dir}/${process.env.SHOTS_TAG ?? 'now'}-${name}.png`, fullPage: true });
}
