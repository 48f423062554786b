/**
 * The first screens' main-thread budget: what runs, beside what is sent (scripts/check-budget.mjs counts the
 * bytes). Chromium's trace of a route's first 5 s gives each task of the page's main thread with its CPU time;
 * the long ones (over 12.5 ms of CPU, Lighthouse's 50 ms long task at its 4x mobile slowdown) are summed. CPU
 * time, unlike a PerformanceObserver's long tasks, does not grow when other processes hold the cores; a slower
 * machine still takes longer, so the sum is divided by the CPU time this process takes for a fixed piece of
 * JavaScript (`calibrate`). The least of a few loads counts.
 */
import { cpuUsage } from 'node:process';
import type { Browser, BrowserContext } from '@playwright/test';
import { ACCOUNTS, expect, signIn, test } from './fixtures';

/** The window Lighthouse's interactivity metrics mostly fall in on these screens. */
const WINDOW_MS = 5_000;
/** A task with more CPU time than this is a long task. */
const LONG_TASK_CPU_MS = 12.5;
const LOADS = 3;

/**
 * The most long-task CPU time each route may take, in calibration units: about twice this build's highest figures,
 * so that only a first screen running much more work fails.
 */
const BUDGET = {
  login: 5,
  adminDashboard: 8,
  memberDashboard: 6,
};

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; beginData?: { url?: string } };
}

/** The CPU time (ms) of the long tasks of the main thread that parsed `path`'s page. */
function longTaskCpuMs(trace: Buffer, path: string): number {
  const events = (JSON.parse(trace.toString()) as { traceEvents: TraceEvent[] }).traceEvents;
  const page = events.find(
    (event) => event.name === 'ParseHTML' && event.args?.beginData?.url?.endsWith(path) === true,
  );
  if (!page) throw new Error(`the trace has no page for ${path}`);
  return events
    .filter((event) => event.pid === page.pid && event.tid === page.tid)
    .filter((event) => event.name === 'RunTask' && event.ph === 'X')
    .map((event) => (event.tdur ?? 0) / 1000)
    .filter((cpu) => cpu > LONG_TASK_CPU_MS)
    .reduce((sum, cpu) => sum + cpu, 0);
}

/** Loads `path` in a new page of the context, traced, and returns the long tasks' CPU time of its first WINDOW_MS. */
async function measure(browser: Browser, context: BrowserContext, path: string): Promise<number> {
  const page = await context.newPage();
  try {
    await browser.startTracing(page, {
      categories: ['disabled-by-default-devtools.timeline', 'devtools.timeline'],
    });
    await page.goto(path);
    await page.waitForFunction((end) => performance.now() >= end, WINDOW_MS, {
      polling: 500,
      timeout: 60_000,
    });
    return longTaskCpuMs(await browser.stopTracing(), path);
  } finally {
    await page.close();
  }
}

/**
 * The CPU time (ms) this process takes for a fixed piece of JavaScript of the kind a first screen runs
 * (objects, strings, JSON): the least of five.
 */
function calibrate(): number {
  const times: number[] = [];
  for (let round = 0; round < 5; round++) {
    const start = cpuUsage();
    let size = 0;
    for (let i = 0; i < 20_000; i++) {
      const item = { id: i, name: `miembro-${i}`, tags: [i % 7, i % 11], active: i % 2 === 0 };
      size += (JSON.parse(JSON.stringify(item)) as typeof item).name.length;
    }
    const used = cpuUsage(start);
    times.push((used.user + used.system) / 1000 + (size < 0 ? 1 : 0));
  }
  return Math.min(...times);
}

/** The least long-task CPU time of LOADS loads, in calibration units, reported in the annotations. */
async function units(browser: Browser, context: BrowserContext, path: string) {
  const loads: number[] = [];
  for (let i = 0; i < LOADS; i++) loads.push(await measure(browser, context, path));
  const longTaskMs = Math.min(...loads);
  const calibrationMs = calibrate();
  test.info().annotations.push({
    type: 'main thread',
    description:
      `long tasks ${loads.map(Math.round).join('/')} ms of CPU, calibration ${calibrationMs.toFixed(1)} ms: ` +
      `${(longTaskMs / calibrationMs).toFixed(1)} units`,
  });
  return { units: longTaskMs / calibrationMs, longTaskMs };
}

test.describe('presupuesto del hilo principal', () => {
  test('/login keeps its long tasks within the budget', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL });
    try {
      const figure = await units(browser, context, '/login');
      expect(figure.units, `${Math.round(figure.longTaskMs)} ms of CPU in long tasks`).toBeLessThan(
        BUDGET.login,
      );
    } finally {
      await context.close();
    }
  });

  for (const [name, account, budget] of [
    ['an administrator', ACCOUNTS.admin, BUDGET.adminDashboard],
    ['a member', ACCOUNTS.vip, BUDGET.memberDashboard],
  ] as const) {
    test(`/dashboard of ${name} keeps its long tasks within the budget`, async ({ browser, baseURL }) => {
      const context = await browser.newContext({ baseURL });
      try {
        const page = await context.newPage();
        await signIn(page, account);
        await expect(page).toHaveURL(/\/dashboard$/);
        await page.close();
        const figure = await units(browser, context, '/dashboard');
        expect(figure.units, `${Math.round(figure.longTaskMs)} ms of CPU in long tasks`).toBeLessThan(budget);
      } finally {
        await context.close();
      }
    });
  }
});
