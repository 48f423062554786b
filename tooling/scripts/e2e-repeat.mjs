#!/usr/bin/env node
// `pnpm e2e:repeat [N] [playwright args...]`: the end-to-end suite N times over (default 5, or E2E_REPEAT), to
// check that it passes every time. Retries stay at 0, so every flaky run counts as a failure.
import { spawnSync } from 'node:child_process';

const args = process.argv.slice(2);
const first = args[0];
const fromArg = first !== undefined && /^\d+$/.test(first) ? args.shift() : undefined;
const repeat = Number(fromArg ?? process.env.E2E_REPEAT ?? 5);
if (!Number.isInteger(repeat) || repeat < 1) {
  console.error(`E2E_REPEAT must be a positive whole number, not "${process.env.E2E_REPEAT}"`);
  process.exit(2);
}
const { status } = spawnSync(
  'pnpm',
  ['--filter', '@app/web', 'exec', 'playwright', 'test', `--repeat-each=${repeat}`, ...args],
  { stdio: 'inherit' },
);
process.exit(status ?? 1);
