/**
 * Starts every fake service and prints one line, `FAKES {json}`, with the environment that points the app at
 * them. The end-to-end set-up (apps/web/src/e2e/global-setup.ts) runs this and stops it with SIGTERM.
 */
import { FAKES } from './index';

const started = await Promise.all(FAKES.map((fake) => fake.start()));
const env: Record<string, string> = Object.assign({}, ...started.map((fake) => fake.env));
process.stdout.write(`FAKES ${JSON.stringify(env)}\n`);

const stop = async () => {
  await Promise.all(started.map((fake) => fake.close()));
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
