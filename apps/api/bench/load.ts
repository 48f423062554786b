/**
 * The load generator, in its own process: one run, its summary printed as JSON on stdout. A closed loop
 * (`connections`) is an autocannon run. An open loop (`offered`) is ours: autocannon's `overallRate` sends each
 * connection's share of a second in a burst when the second starts, and its latency correction assumes 1 ms
 * between requests, so its p99 measures bursts rather than a steady rate.
 */
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';

interface LoadOptions {
  url: string;
  /** Seconds. */
  duration: number;
  /** Closed loop: this many connections, each sending its next request when the last one is answered. */
  connections?: number;
  /** Open loop: this many requests a second, evenly spaced, whether or not earlier ones have been answered. */
  offered?: number;
  /** autocannon's own rate limit (bursts, see above): only for the bench's control line. */
  overallRate?: number;
  method?: autocannon.Request['method'];
  headers?: Record<string, string>;
  body?: string;
  /** Each request takes the next of these paths in turn (e.g. page after page). */
  paths?: string[];
}

/** What one run measured; bench/run.ts reads it back from stdout. */
export interface Figures {
  rps: number;
  p50: number;
  p99: number;
  total: number;
  non2xx: number;
  errors: number;
}

async function closedLoop({ paths, offered: _, ...options }: LoadOptions): Promise<Figures> {
  let next = 0;
  const result = await autocannon({
    ...options,
    connections: options.connections ?? 50,
    ...(paths
      ? { requests: [{ setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length]! }) }] }
      : {}),
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/** The value below which `share` of the sorted values fall (nearest rank). */
const percentile = (sorted: number[], share: number): number =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!;

/**
 * Requests at a steady rate, as many members arriving independently would send them, over at most 50 kept-alive
 * sockets (the closed loop's connections). Each is timed from when it was due, not from when a socket took it,
 * so a server that falls behind shows it in the latency instead of in a lower rate.
 */
async function openLoop(options: LoadOptions & { offered: number }): Promise<Figures> {
  const target = new URL(options.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 50 });
  const interval = 1000 / options.offered;
  const count = Math.round(options.offered * options.duration);
  const latencies: number[] = [];
  let non2xx = 0;
  let errors = 0;

  const send = (due: number, path: string) =>
    new Promise<void>((resolve) => {
      const request = http.request(
        {
          host: target.hostname,
          port: target.port,
          path,
          method: options.method,
          headers: options.headers,
          agent,
        },
        (response) => {
          response.resume();
          response.on('end', () => {
            latencies.push(performance.now() - due);
            const status = response.statusCode ?? 0;
            if (status < 200 || status > 299) non2xx += 1;
            resolve();
          });
        },
      );
      request.on('error', () => {
        errors += 1;
        resolve();
      });
      request.end(options.body);
    });

  const started = performance.now();
  const sent: Promise<void>[] = [];
  for (let index = 0; index < count; index += 1) {
    const due = started + index * interval;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    const path = options.paths?.[index % options.paths.length] ?? `${target.pathname}${target.search}`;
    sent.push(send(due, path));
  }
  await Promise.all(sent);
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    rps: latencies.length / elapsed,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    total: latencies.length,
    non2xx,
    errors,
  };
}

const options = JSON.parse(process.argv[2]!) as LoadOptions;
const figures = options.offered
  ? await openLoop({ ...options, offered: options.offered })
  : await closedLoop(options);
process.stdout.write(JSON.stringify(figures));
