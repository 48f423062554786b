/**
 * How the first screens' main-thread budget is measured, shared by the e2e check (./main-thread.spec.ts) and by
 * `pnpm lighthouse` (scripts/lighthouse.mjs), which measures the previous release the same way to record the
 * check's anchor in budget.json. Plain TypeScript without imports of the app: Node runs it as it is.
 *
 * Chromium's trace of a route's first WINDOW_MS gives each task of the page's main thread with its CPU time; what
 * each takes beyond LONG_TASK_CPU_MS of CPU (Lighthouse's 50 ms long task at its 4x mobile slowdown) is summed, as
 * Lighthouse's total blocking time sums what tasks take beyond 50 ms. CPU time, unlike a PerformanceObserver's long
 * tasks or Lighthouse's TBT, does not grow when other processes hold the cores; a slower machine still takes
 * longer, so the sum is divided by the CPU time this process takes for a fixed piece of JavaScript (`calibrate`):
 * the figure is in calibration units, comparable between machines.
 */
import { cpuUsage } from 'node:process';

/** The window Lighthouse's interactivity metrics mostly fall in on these screens. */
export const WINDOW_MS = 5_000;
/** A task with more CPU time than this is a long task. */
const LONG_TASK_CPU_MS = 12.5;
/** The categories the trace is recorded with. */
export const TRACE_CATEGORIES = ['disabled-by-default-devtools.timeline', 'devtools.timeline'];

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: {
    name?: string;
    beginData?: { url?: string };
    data?: { url?: string; processId?: number; isOutermostMainFrame?: boolean };
  };
}

/**
 * The main thread that ran `path`'s page and when it began: the renderer the browser committed the page's
 * frame to (its CrRendererMain thread), or, in a trace without that event, the thread that parsed the page.
 */
function pageThread(events: TraceEvent[], path: string): { pid: number; tid: number; ts: number } {
  const committed = events.find(
    (event) =>
      event.name === 'FrameCommittedInBrowser' &&
      event.args?.data?.isOutermostMainFrame === true &&
      event.args.data.url?.endsWith(path) === true,
  );
  const pid = committed?.args?.data?.processId;
  const main =
    pid === undefined
      ? undefined
      : events.find(
          (event) =>
            event.name === 'thread_name' && event.pid === pid && event.args?.name === 'CrRendererMain',
        );
  if (committed && main) return { pid: main.pid, tid: main.tid, ts: committed.ts };
  const parsed = events.find(
    (event) => event.name === 'ParseHTML' && event.args?.beginData?.url?.endsWith(path) === true,
  );
  if (!parsed) throw new Error(`the trace has no page for ${path}`);
  return parsed;
}

/**
 * The main thread's blocking CPU time (ms) on `path`'s page in the WINDOW_MS after the browser committed it: what
 * each task took beyond LONG_TASK_CPU_MS, summed (Lighthouse's total blocking time, counted in CPU time). Unlike a
 * sum of whole long tasks it does not jump when a task near the threshold crosses it: a 13 ms task counts 0.5 ms,
 * not 13.
 */
export function blockingCpuMs(trace: string, path: string): number {
  const events = (JSON.parse(trace) as { traceEvents: TraceEvent[] }).traceEvents;
  const page = pageThread(events, path);
  const end = page.ts + WINDOW_MS * 1000;
  return events
    .filter(
      (event) => event.pid === page.pid && event.tid === page.tid && event.ts >= page.ts && event.ts <= end,
    )
    .filter((event) => event.name === 'RunTask' && event.ph === 'X')
    .map((event) => (event.tdur ?? 0) / 1000)
    .reduce((sum, cpu) => sum + Math.max(0, cpu - LONG_TASK_CPU_MS), 0);
}

/**
 * The CPU time (ms) this process takes for a fixed piece of JavaScript of the kind a first screen runs
 * (objects, strings, JSON): the least of five.
 */
export function calibrate(): number {
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
