/** The load generator, in its own process: one autocannon run, its summary printed as JSON on stdout. */
import autocannon from 'autocannon';

const options = JSON.parse(process.argv[2]!) as autocannon.Options;
const result = await autocannon({ ...options, connections: options.connections ?? 50 });
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
