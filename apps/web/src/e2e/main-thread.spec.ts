/**
 * The first screens' main-thread budget: what runs, beside what is sent (scripts/check-budget.mjs counts the
 * bytes). Each route's figure is its main thread's blocking CPU time in its first 5 s, in calibration units
 * (./main-thread-measure.ts says how and why), the least of a few loads. Its budget is the previous release's
 * figure for the same route (budget.json's `mainThread.anchorUnits`, measured by `pnpm lighthouse` with
 * RECORD_MAIN_THREAD=1 on that release's own server, interleaved with this build's) times the route's `margin`,
 * and never less than `floorUnits` (budget.json says why each margin is what it is):
 * - an anchor, not this build's own figures, so that the budget says "no more work than the last release did",
 *   and a regression like issue 66's (a first screen running two or three times as much) fails;
 * - CPU time, calibrated, not wall-clock long tasks or TBT: a loaded machine (the suite beside other work, CI's
 *   two cores) stretches wall-clock time but not the CPU a task takes, and a slower machine is divided out;
 * - blocking time, not whole long tasks: a task near the threshold adds a little as it crosses it, not all;
 * - the margin (and the floor, for a route whose anchor is a few ms) absorbs what stays: the e2e installation's
 *   fuller data than a new one's, the overview and announcements the release did not have, and what a loaded
 *   machine still changes (caches, garbage collection).
 */
import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext } from '@playwright/test';
import { ACCOUNTS, expect, openSignedIn, test } from './fixtures';
import { blockingCpuMs, calibrate, TRACE_CATEGORIES, WINDOW_MS } from './main-thread-measure';

const LOADS = 5;

type Route = 'login' | 'adminDashboard' | 'memberDashboard';

interface MainThreadBudget {
  anchor: string;
  margin: Record<Route, number>;
  floorUnits: number;
  anchorUnits: Record<Route, number>;
}

const { mainThread } = JSON.parse(readFileSync(new URL('../../budget.json', import.meta.url), 'utf8')) as {
  mainThread: MainThreadBudget;
};

/** The most blocking CPU time a route may take, in calibration units. */
const budgetOf = (route: Route) =>
  Math.max(mainThread.anchorUnits[route] * mainThread.margin[route], mainThread.floorUnits);

/** Loads `path` in a new page of the context, traced, and returns the blocking CPU time of its first WINDOW_MS. */
async function measure(browser: Browser, context: BrowserContext, path: string): Promise<number> {
  const page = await context.newPage();
  try {
    await browser.startTracing(page, { categories: TRACE_CATEGORIES });
    await page.goto(path);
    await page.waitForFunction((end) => performance.now() >= end, WINDOW_MS, {
      polling: 500,
      timeout: 60_000,
    });
    return blockingCpuMs((await browser.stopTracing()).toString(), path);
  } finally {
    await page.close();
  }
}

/**
 * The least blocking CPU time of up to LOADS loads, in calibration units, reported in the annotations. The loads
 * stop at the first one within the budget: the least of all LOADS would be at most that one, so the check's
 * verdict is the same, and only a route over its budget (a regression, or a load the machine disturbed) takes
 * all LOADS to be sure.
 */
async function units(browser: Browser, context: BrowserContext, path: string, route: Route) {
  // Calibrated before and after the loads, the lesser counting: one calibration alone varies with what the
  // machine does at that moment.
  const before = calibrate();
  let calibrationMs = before;
  const loads: number[] = [];
  while (loads.length < LOADS) {
    loads.push(await measure(browser, context, path));
    calibrationMs = Math.min(before, calibrate());
    if (Math.min(...loads) / calibrationMs < budgetOf(route)) break;
  }
  const blockingMs = Math.min(...loads);
  test.info().annotations.push({
    type: 'main thread',
    description:
      `blocking ${loads.map((ms) => ms.toFixed(1)).join('/')} ms of CPU, calibration ${calibrationMs.toFixed(1)} ms: ` +
      `${(blockingMs / calibrationMs).toFixed(2)} units; budget ${budgetOf(route).toFixed(2)} ` +
      `(${mainThread.anchor}: ${mainThread.anchorUnits[route]} × ${mainThread.margin[route]}, at least ${mainThread.floorUnits})`,
  });
  return { units: blockingMs / calibrationMs, blockingMs };
}

test.describe('presupuesto del hilo principal', () => {
  test('/login keeps its main thread within the budget', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL });
    try {
      const figure = await units(browser, context, '/login', 'login');
      expect(figure.units, `${figure.blockingMs.toFixed(1)} ms of blocking CPU`).toBeLessThan(
        budgetOf('login'),
      );
    } finally {
      await context.close();
    }
  });

  for (const [name, account, route] of [
    ['an administrator', ACCOUNTS.admin, 'adminDashboard'],
    ['a member', ACCOUNTS.vip, 'memberDashboard'],
  ] as const) {
    test(`/dashboard of ${name} keeps its main thread within the budget`, async ({ browser, baseURL }) => {
      const context = await browser.newContext({ baseURL });
      try {
        // Signed in as a browser that signed in before comes back (the worker's saved session).
        const page = await context.newPage();
        await openSignedIn(page, account);
        await expect(page).toHaveURL(/\/dashboard$/);
        await page.close();
        const figure = await units(browser, context, '/dashboard', route);
        expect(figure.units, `${figure.blockingMs.toFixed(1)} ms of blocking CPU`).toBeLessThan(
          budgetOf(route),
        );
      } finally {
        await context.close();
      }
    });
  }
});
