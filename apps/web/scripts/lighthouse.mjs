#!/usr/bin/env node
// `pnpm lighthouse` (after `pnpm build`): Lighthouse 12, mobile profile (its default simulated throttling), on this
// checkout's build and on the previous release's (BASELINE, a commit, built in a temporary git worktree), each served
// by its own real server on a free port with a fresh database, measured in one slot and interleaved (the order of
// the two builds alternates every round), so that both see the same machine. Pages: /login signed out, /dashboard
// signed in as the administrator (through the login screen, setting up the authenticator app a new installation
// requires of administrators, with a code made from the secret it shows), and with PAGES=...,member a member's
// /dashboard. Then, per page, the median scores and metrics of each build, each beside its target (met or
// MISSED), the ratio of this build to the baseline, and where the main thread's time went (Lighthouse's
// mainthread-work-breakdown and bootup-time). It reports; it never fails on a score: the checks that fail are the
// first screens' budget (./check-budget.mjs) and the e2e main-thread budget.
// RUNS=n rounds (3); PAGES=login,dashboard,member; BASELINE=<commit> (414c139, the previous release), BASELINE=none
// to measure this build alone, BASELINE_DIR=<checkout> to use a baseline already built there;
// LIGHTHOUSE_REPORTS=dir keeps each run's JSON report. Each round also loads every page once more, traced, for
// the e2e main-thread budget's figure (src/e2e/main-thread-measure.ts: blocking CPU time in the first 5 s, in
// calibration units, the least of the rounds); RECORD_MAIN_THREAD=1 writes the baseline's figures into
// budget.json as that budget's anchor. A run whose trace Chromium failed to record (Lighthouse's
// runtimeError, such as NO_NAVSTART) is run again, up to twice, and said.
// Debian's Chromium (CHROME_PATH, default /usr/bin/chromium).
/* global process, setTimeout, clearTimeout, location, URL, document, performance, Buffer */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { Secret, TOTP } from 'otpauth';
import puppeteer from 'puppeteer-core';
import { blockingCpuMs, calibrate, TRACE_CATEGORIES, WINDOW_MS } from '../src/e2e/main-thread-measure.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const runs = Number(process.env.RUNS ?? 3);
const pages = (process.env.PAGES ?? 'login,dashboard').split(',');
const baselineCommit = process.env.BASELINE ?? '414c139';
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const admin = { email: 'lighthouse@example.com', password: 'lighthouse-admin-password' };
const member = { email: 'miembro@example.com', username: 'miembro', password: 'lighthouse-member-password' };
const out = (line = '') => process.stdout.write(`${line}\n`);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

const built = (checkout) =>
  existsSync(path.join(checkout, 'apps/web/dist/index.html')) &&
  existsSync(path.join(checkout, 'apps/api/dist/server.js'));

if (!built(root)) {
  out('Build first: pnpm build');
  process.exit(1);
}

/**
 * The baseline's checkout, built: a detached git worktree of BASELINE in a temporary folder, installed from pnpm's
 * store and built as `pnpm build` does. `remove` deletes it again.
 */
function prepareBaseline() {
  if (process.env.BASELINE_DIR) {
    if (!built(process.env.BASELINE_DIR))
      throw new Error(`BASELINE_DIR has no build: ${process.env.BASELINE_DIR}`);
    return { dir: process.env.BASELINE_DIR, remove: () => {} };
  }
  const dir = path.join(mkdtempSync(path.join(tmpdir(), 'lighthouse-baseline-')), 'tree');
  const run = (command, args, cwd) =>
    execFileSync(command, args, { cwd, stdio: ['ignore', 'ignore', 'inherit'] });
  const remove = () => {
    run('git', ['worktree', 'remove', '--force', dir], root);
    rmSync(path.dirname(dir), { recursive: true, force: true });
  };
  out(`Building ${baselineCommit} in a temporary worktree (${dir}): a few minutes`);
  run('git', ['worktree', 'add', '--detach', dir, baselineCommit], root);
  try {
    run('pnpm', ['install', '--frozen-lockfile', '--prefer-offline', '--reporter=silent'], dir);
    run('pnpm', ['exec', 'turbo', 'run', 'build', '--output-logs=errors-only'], dir);
  } catch (error) {
    remove();
    throw error;
  }
  return { dir, remove };
}

/**
 * A Node that loads the checkout's native module (better-sqlite3): this one, or the machine's own for a release
 * that ran on another major (414c139 ran on Node 20).
 */
function nodeFor(checkout) {
  const probe = `require(require.resolve('better-sqlite3', { paths: [${JSON.stringify(path.join(checkout, 'apps/api'))}] }))(':memory:')`;
  const candidates = [process.execPath, process.env.BASELINE_NODE, '/usr/bin/node', '/usr/local/bin/node'];
  for (const node of candidates.filter(Boolean)) {
    try {
      execFileSync(node, ['-e', probe], { stdio: 'ignore' });
      return node;
    } catch {
      // The next candidate.
    }
  }
  throw new Error(`no Node here loads ${checkout}'s better-sqlite3: set BASELINE_NODE`);
}

/** A checkout's production server on a free port with an empty database in a temporary folder. */
async function startServer(checkout, dataDir) {
  const node = nodeFor(checkout);
  const env = {
    ...process.env,
    DATABASE_PATH: path.join(dataDir, 'app.db'),
    PORT: '0',
    HOST: '127.0.0.1',
    WEB_DIST_DIR: path.join(checkout, 'apps/web/dist'),
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    LOG_LEVEL: 'info',
  };
  // As on a new installation without mail: the administrator's second step is the authenticator app.
  delete env.SMTP_URL;
  const child = spawn(node, [path.join(checkout, 'apps/api/dist/server.js')], {
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 120_000);
    child.stdout.on('data', (chunk) => {
      output += chunk.toString();
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  child.stdout.resume();
  if (pages.includes('member')) {
    const cli = path.join(checkout, 'apps/api/dist/cli/user.js');
    const args = ['add', '--email', member.email, '--username', member.username];
    execFileSync(node, [cli, ...args, '--password', member.password, '--role', 'vip'], {
      env,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }
  return { url, stop: () => new Promise((resolve) => (child.once('exit', resolve), child.kill('SIGTERM'))) };
}

const launchChrome = () =>
  chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });

/**
 * Signs in through the login screen in a browser of its own (Lighthouse's runs on /login clear the origin's
 * storage, cookies included). An administrator of a new installation sets up the authenticator app the
 * community requires, with a code made from the secret the screen shows, and goes on past the backup codes.
 */
async function signIn(chrome, url, account) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const page = await browser.newPage();
  await page.goto(`${url}/login`);
  // The login page arrives drawn with its form disabled until the app has taken it over.
  await page.waitForSelector('#login-email:enabled');
  await page.locator('::-p-aria(Correo Electrónico)').fill(account.email);
  await page.locator('input[type="password"]').fill(account.password);
  await page.locator('::-p-aria(Iniciar Sesión[role="button"])').click();
  await page.waitForFunction(
    () => location.pathname === '/dashboard' || document.querySelector('[aria-label="Clave secreta"]'),
    { timeout: 60_000 },
  );
  if (!page.url().endsWith('/dashboard')) {
    // The key is shown in groups of four; the apps (and otpauth) take it without the spaces.
    const secret = await page.$eval('[aria-label="Clave secreta"]', (element) =>
      element.textContent.replace(/\s/g, ''),
    );
    const code = TOTP.generate({ secret: Secret.fromBase32(secret), digits: 6, period: 30 });
    await page.locator('::-p-aria(2. Escribe el código de 6 dígitos que muestra la aplicación)').fill(code);
    await page.locator('::-p-aria(Activar y continuar[role="button"])').click();
    // Going on waits until the backup codes are kept: downloaded here, into no folder (the download is refused).
    const cdp = await page.createCDPSession();
    await cdp.send('Browser.setDownloadBehavior', { behavior: 'deny' });
    await page.locator('::-p-aria(Descargar (.txt)[role="button"])').click();
    await page.locator('::-p-aria(Continuar[role="button"])').click();
    await page.waitForFunction(() => location.pathname === '/dashboard', { timeout: 60_000 });
  }
  return { browser, page, cdp: await page.createCDPSession() };
}

/**
 * One traced load of `url` in a new tab of `browser` (sharing its session), as the e2e main-thread check loads a
 * route: the blocking CPU time (ms) of its first WINDOW_MS.
 */
async function traceLoad(browser, url) {
  const page = await browser.newPage();
  try {
    await page.tracing.start({ categories: TRACE_CATEGORIES });
    await page.goto(url);
    await page.waitForFunction(
      (end) => performance.now() >= end,
      { polling: 500, timeout: 60_000 },
      WINDOW_MS,
    );
    const trace = await page.tracing.stop();
    return blockingCpuMs(Buffer.from(trace).toString(), new URL(url).pathname);
  } finally {
    await page.close();
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

// Targets: a score at least, a metric under; the metrics' are Lighthouse's own "good" thresholds on mobile.
const METRICS = [
  ['first-contentful-paint', 'FCP', 'ms', 1800],
  ['largest-contentful-paint', 'LCP', 'ms', 2500],
  ['total-blocking-time', 'TBT', 'ms', 200],
  ['cumulative-layout-shift', 'CLS', '', 0.1],
  ['speed-index', 'SI', 'ms', 3400],
];
const CATEGORIES = [
  ['performance', 'performance', 0.95],
  ['accessibility', 'accessibility', 1],
  ['best-practices', 'best practices', 1],
];
const verdict = (met) => (met ? 'met' : 'MISSED');

/** `scriptTargetKb`: the most JavaScript the page may transfer, where it has a target. */
function summary(label, results, scriptTargetKb) {
  const scores = CATEGORIES.map(([id, name, target]) => {
    const score = median(results.map((r) => r.categories[id].score));
    return `${name} ${score.toFixed(2)} (target ${target.toFixed(2)}: ${verdict(score >= target)})`;
  });
  const metrics = METRICS.map(([id, name, unit, target]) => {
    const value = median(results.map((r) => r.audits[id].numericValue));
    const shown = (figure) => (unit === 'ms' ? `${Math.round(figure)} ms` : figure.toFixed(3));
    return `${name} ${shown(value)} (< ${shown(target)}: ${verdict(value < target)})`;
  });
  out(`${label.padEnd(11)} ${scores.join(' · ')}`);
  out(`${''.padEnd(11)} ${metrics.join(' · ')}  (median of ${results.length})`);
  const scripts = results.map((r) =>
    (r.audits['network-requests'].details?.items ?? []).filter((item) => item.resourceType === 'Script'),
  );
  const transferred = median(scripts.map((items) => items.reduce((sum, item) => sum + item.transferSize, 0)));
  out(
    `${''.padEnd(11)} JavaScript: ${median(scripts.map((items) => items.length))} files, ` +
      `${(transferred / 1024).toFixed(1)} KB transferred` +
      (scriptTargetKb ? ` (< ${scriptTargetKb} KB: ${verdict(transferred < scriptTargetKb * 1024)})` : ''),
  );
  for (const [id] of CATEGORIES) {
    const failed = new Set();
    for (const r of results) {
      for (const ref of r.categories[id].auditRefs) {
        const audit = r.audits[ref.id];
        if (ref.weight === 0 || audit.score === null || audit.score === 1 || id === 'performance') continue;
        const items = (audit.details?.items ?? []).map((item) => item.issueType ?? item.description ?? '');
        failed.add(items.length > 0 ? `${audit.id} (${[...new Set(items)].join('; ')})` : audit.id);
      }
    }
    if (failed.size > 0) out(`${''.padEnd(11)} ${id} audits below 1: ${[...failed].join(', ')}`);
  }
}

const flags = {
  output: 'json',
  logLevel: 'error',
  onlyCategories: CATEGORIES.map(([id]) => id),
};

/** One Lighthouse run, again when Chromium's trace of it was not recorded. */
async function measure(url, options, page) {
  for (let attempt = 1; ; attempt++) {
    const { lhr } = await lighthouse(url, options, undefined, page);
    if (!lhr.runtimeError || attempt === 3) return lhr;
    out(`  ${new URL(url).pathname}: ${lhr.runtimeError.code}, run again`);
  }
}

/** Where the main thread's time went: median ms per group of work, and the scripts that cost most. */
function mainThread(results) {
  const groups = new Map();
  const scripts = new Map();
  for (const r of results) {
    for (const item of r.audits['mainthread-work-breakdown']?.details?.items ?? []) {
      groups.set(item.groupLabel, [...(groups.get(item.groupLabel) ?? []), item.duration]);
    }
    for (const item of r.audits['bootup-time']?.details?.items ?? []) {
      const name = URL.canParse(item.url) ? new URL(item.url).pathname : item.url;
      scripts.set(name, [...(scripts.get(name) ?? []), item.scripting]);
    }
  }
  const top = (map, count) =>
    [...map]
      .map(([name, values]) => [name, median([...values, ...Array(results.length - values.length).fill(0)])])
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([name, ms]) => `${name} ${Math.round(ms)}`)
      .join(', ');
  out(`${''.padEnd(11)} main thread (ms): ${top(groups, 6)}`);
  out(`${''.padEnd(11)} scripting by script (ms): ${top(scripts, 5)}`);
}

/** This build's median over the baseline's, per figure. */
function ratios(current, baseline) {
  const of = (results, pick) => median(results.map(pick));
  const figures = [
    ['performance', (r) => r.categories.performance.score],
    ...METRICS.filter(([id]) => id !== 'cumulative-layout-shift').map(([id, name]) => [
      name,
      (r) => r.audits[id].numericValue,
    ]),
  ];
  const shown = figures.map(([name, pick]) => {
    const base = of(baseline, pick);
    return `${name} ${base > 0 ? (of(current, pick) / base).toFixed(2) : '-'}`;
  });
  out(`${''.padEnd(11)} this build / baseline: ${shown.join(' · ')}`);
}

/**
 * Writes the baseline's main-thread figures into budget.json's `mainThread` section (the anchor the e2e check
 * multiplies by its margin), with the day and the load average they were measured at.
 */
function recordAnchor(build, calibration) {
  const file = path.join(root, 'apps/web/budget.json');
  const budget = JSON.parse(readFileSync(file, 'utf8'));
  const names = { login: 'login', dashboard: 'adminDashboard', member: 'memberDashboard' };
  const section = budget.mainThread;
  section.anchor = build.name;
  section.recorded = `${new Date().toISOString().slice(0, 10)}, load average ${load()} on ${availableParallelism()} cores`;
  for (const page of pages)
    section.anchorUnits[names[page]] =
      Math.round((Math.min(...build.mainThread[page]) / calibration) * 100) / 100;
  writeFileSync(file, `${JSON.stringify(budget, null, 2)}\n`);
  out(`recorded ${build.name}'s main-thread figures in apps/web/budget.json`);
}

const baseline = baselineCommit === 'none' ? null : prepareBaseline();
const builds = [
  ...(baseline ? [{ name: baselineCommit, dir: baseline.dir }] : []),
  { name: 'this build', dir: root },
];
const dataDir = mkdtempSync(path.join(tmpdir(), 'lighthouse-'));
const started = [];
try {
  for (const [i, build] of builds.entries()) {
    mkdirSync(path.join(dataDir, String(i)));
    build.app = await startServer(build.dir, path.join(dataDir, String(i)));
    started.push(build.app);
    build.results = Object.fromEntries(pages.map((page) => [page, []]));
    build.mainThread = Object.fromEntries(pages.map((page) => [page, []]));
    // A browser per page: /login's runs clear the origin's storage, which would sign the others out.
    build.chromes = {};
    for (const page of pages) build.chromes[page] = await launchChrome();
    if (pages.includes('dashboard'))
      build.admin = await signIn(build.chromes.dashboard, build.app.url, admin);
    if (pages.includes('member')) build.member = await signIn(build.chromes.member, build.app.url, member);
  }
  out(
    `Lighthouse (mobile, simulated throttling), ${runs} rounds: ${builds.map((b) => `${b.name} on ${b.app.url}`).join(', ')}`,
  );
  out(`load average before: ${load()} on ${availableParallelism()} cores`);

  for (let round = 0; round < runs; round++) {
    const order = round % 2 === 0 ? builds : [...builds].reverse();
    for (const page of pages) {
      for (const build of order) {
        const chrome = build.chromes[page];
        if (page === 'login') {
          build.results.login.push(await measure(`${build.app.url}/login`, { ...flags, port: chrome.port }));
          continue;
        }
        // Signed in: the runs keep the session (no storage reset) but start cold, the HTTP cache cleared.
        const session = page === 'dashboard' ? build.admin : build.member;
        await session.cdp.send('Network.clearBrowserCache');
        const lhr = await measure(
          `${build.app.url}/dashboard`,
          { ...flags, port: chrome.port, disableStorageReset: true },
          session.page,
        );
        if (lhr.finalDisplayedUrl.endsWith('/login')) throw new Error(`the ${page} run was not signed in`);
        build.results[page].push(lhr);
      }
      for (const build of order) {
        const browser =
          page === 'login'
            ? (build.loginBrowser ??= await puppeteer.connect({
                browserURL: `http://127.0.0.1:${build.chromes.login.port}`,
              }))
            : (page === 'dashboard' ? build.admin : build.member).browser;
        const path = page === 'login' ? '/login' : '/dashboard';
        build.mainThread[page].push(await traceLoad(browser, `${build.app.url}${path}`));
      }
    }
    out(`round ${round + 1} of ${runs} done, load average ${load()}`);
  }

  const reports = process.env.LIGHTHOUSE_REPORTS;
  if (reports) {
    mkdirSync(reports, { recursive: true });
    for (const build of builds)
      for (const page of pages)
        build.results[page].forEach((lhr, i) =>
          writeFileSync(
            path.join(reports, `${build.name.replace(/\W+/g, '-')}-${page}-${i + 1}.json`),
            JSON.stringify(lhr),
          ),
        );
  }

  const labels = { login: '/login', dashboard: '/dashboard (administrator)', member: '/dashboard (member)' };
  const calibration = calibrate();
  for (const page of pages) {
    out();
    out(labels[page]);
    for (const build of builds) {
      summary(build.name, build.results[page], page === 'login' ? 140 : undefined);
      mainThread(build.results[page]);
    }
    if (baseline) ratios(builds[1].results[page], builds[0].results[page]);
    const units = builds.map((build) => Math.min(...build.mainThread[page]) / calibration);
    out(
      `${''.padEnd(11)} main-thread budget's figure (blocking CPU in ${WINDOW_MS / 1000} s, least of ` +
        `${runs}, calibration ${calibration.toFixed(1)} ms): ` +
        builds
          .map(
            (build, i) =>
              `${build.name} ${build.mainThread[page].map((ms) => ms.toFixed(1)).join('/')} ms = ${units[i].toFixed(2)} units`,
          )
          .join(' · ') +
        (baseline ? ` · ratio ${(units[1] / units[0]).toFixed(2)}` : ''),
    );
  }
  if (baseline && process.env.RECORD_MAIN_THREAD) recordAnchor(builds[0], calibration);
  out();
  out(`load average after: ${load()}`);
} finally {
  for (const build of builds) {
    for (const session of [build.admin, build.member]) await session?.browser.disconnect();
    await build.loginBrowser?.disconnect();
    for (const chrome of Object.values(build.chromes ?? {})) await chrome.kill();
  }
  for (const app of started) await app.stop();
  rmSync(dataDir, { recursive: true, force: true });
  baseline?.remove();
}
