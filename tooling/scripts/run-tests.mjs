#!/usr/bin/env node
// `pnpm test`: runs each stage in order, stops at the first failure, and ends with one line summing up every
// stage that ran (name, result, seconds), so the outcome of a long run is readable at a glance.
import { spawnSync } from 'node:child_process';

const STAGES = [
  ['typecheck', 'turbo run typecheck --output-logs=errors-only'],
  ['lint', 'turbo run lint --output-logs=errors-only'],
  ['format', 'prettier --check . --log-level=warn'],
  ['unit+api', 'turbo run test'],
  ['e2e', 'turbo run e2e'],
];

const results = [];
let failed = false;
for (const [name, command] of STAGES) {
  console.log(`\n▶ ${name}: ${command}`);
  const started = Date.now();
  const { status, signal } = spawnSync(command, { shell: true, stdio: 'inherit' });
  const seconds = Math.round((Date.now() - started) / 1000);
  const ok = status === 0;
  results.push(`${name} ${ok ? 'ok' : `FAILED${signal ? ` (${signal})` : ''}`} ${seconds}s`);
  if (!ok) {
    failed = true;
    break;
  }
}
const skipped = STAGES.slice(results.length).map(([name]) => `${name} not run`);
console.log(`\n${failed ? 'TESTS FAILED' : 'TESTS PASSED'}: ${[...results, ...skipped].join(' · ')}`);
process.exit(failed ? 1 : 0);
