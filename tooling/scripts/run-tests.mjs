#!/usr/bin/env node
// `pnpm test`: runs the stages in two rounds and ends with one line summing up every stage that ran (name,
// result, seconds), so the outcome of a long run is readable at a glance. Within a round the stages run side by
// side: each of them leaves most of the two cores idle on its own (type checkers and linters wait on files, the
// test runners on PostgreSQL, child processes and the browser). A round with a failure stops the run.
//
// The apps are built once, in the first round: the test stages then run their tasks alone (`--only`), so no
// stage builds again and two turbo runs never write the same dist/ at once.
import { spawn } from 'node:child_process';

const ROUNDS = [
  [
    ['typecheck', 'turbo run typecheck --output-logs=errors-only'],
    // knip too: an export nobody imports, a file nobody reaches, a dependency nobody uses fails the run.
    ['lint', 'turbo run lint --output-logs=errors-only && knip'],
    ['format', 'prettier --check . --log-level=warn'],
    ['build', 'turbo run build --output-logs=errors-only'],
  ],
  [
    // The longest stage starts first.
    ['e2e', 'turbo run e2e --only'],
    ['unit+api', 'turbo run test --only'],
    // The first screens' budget, read from the build's manifest: a few seconds, no browser.
    ['budget', 'pnpm --filter @app/web budget'],
  ],
];

/**
 * Runs one stage with its output held back and printed whole when it ends, so stages running side by side
 * never interleave their lines.
 */
function runStage(name, command) {
  console.log(`▶ ${name}: ${command}`);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (status, signal) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      const ok = status === 0;
      const text = Buffer.concat(output).toString().trimEnd();
      console.log(`\n■ ${name} ${ok ? 'ok' : 'FAILED'} in ${seconds}s${text ? `\n${text}` : ''}`);
      resolve({ ok, line: `${name} ${ok ? 'ok' : `FAILED${signal ? ` (${signal})` : ''}`} ${seconds}s` });
    });
  });
}

const results = [];
let failed = false;
let ran = 0;
for (const round of ROUNDS) {
  const outcomes = await Promise.all(round.map(([name, command]) => runStage(name, command)));
  ran += 1;
  results.push(...outcomes.map((outcome) => outcome.line));
  if (outcomes.some((outcome) => !outcome.ok)) {
    failed = true;
    break;
  }
}
const skipped = ROUNDS.slice(ran)
  .flat()
  .map(([name]) => `${name} not run`);
console.log(`\n${failed ? 'TESTS FAILED' : 'TESTS PASSED'}: ${[...results, ...skipped].join(' · ')}`);
process.exit(failed ? 1 : 0);
