/** The load generator, in its own process: one autocannon run, its summary printed as JSON on stdout. */
import autocannon from 'autocannon';

/** `paths`: each request takes the next of these paths in turn (e.g. page after page). */
const { paths, ...options } = JSON.parse(process.argv[2]!) as autocannon.Options & { paths?: string[] };
let next = 0;
const result = await autocannon({
  ...options,
  connections: options.connections ?? 50,
  ...(paths
    ? { requests: [{ setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length]! }) }] }
    : {}),
});
process.stdout.write(
  JSON.stringify({
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  }),
);
