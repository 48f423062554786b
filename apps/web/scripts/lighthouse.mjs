#!/usr/bin/env node
// `pnpm lighthouse` (after `pnpm build`): Lighthouse 12, mobile profile (its default simulated throttling), on the
// built app served by the real server on a free port with a fresh database: /login signed out and /dashboard
// signed in, three runs each, then the median scores and metrics, each beside its target (met or MISSED). It
// reports; it never fails on a score: the check that fails is the first screens' budget (./check-budget.mjs).
// RUNS=n changes the number of runs; PAGES=login (or dashboard) measures one page; LIGHTHOUSE_REPORTS=dir keeps each
// run's JSON report there for diagnosis. A run whose trace Chromium failed to record (Lighthouse's runtimeError,
// such as NO_NAVSTART) is run again, up to twice, and said.
// Debian's Chromium (CHROME_PATH, default /usr/bin/chromium).
/* global process, setTimeout, clearTimeout, location, URL */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const webDist = path.join(root, 'apps/web/dist');
const server = path.join(root, 'apps/api/dist/server.js');
const runs = Number(process.env.RUNS ?? 3);
const pages = (process.env.PAGES ?? 'login,dashboard').split(',');
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const admin = { email: 'lighthouse@example.com', password: 'lighthouse-admin-password' };
const out = (line = '') => process.stdout.write(`${line}\n`);

if (!existsSync(path.join(webDist, 'index.html')) || !existsSync(server)) {
  out('Build first: pnpm build');
  process.exit(1);
}

/** The production server on a free port with an empty database in a temporary folder. */
async function startServer(dataDir) {
  const child = spawn(process.execPath, [server], {
    env: {
      ...process.env,
      DATABASE_PATH: path.join(dataDir, 'app.db'),
      PORT: '0',
      HOST: '127.0.0.1',
      WEB_DIST_DIR: webDist,
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 30_000);
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
  return { url, stop: () => new Promise((resolve) => (child.once('exit', resolve), child.kill('SIGTERM'))) };
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

const dataDir = mkdtempSync(path.join(tmpdir(), 'lighthouse-'));
const app = await startServer(dataDir);
const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  out(`Lighthouse (mobile, simulated throttling) on ${app.url}, ${runs} runs per page`);
  out(
    `load average before: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} on ${availableParallelism()} cores`,
  );

  const login = [];
  for (let i = 0; pages.includes('login') && i < runs; i++)
    login.push(await measure(`${app.url}/login`, { ...flags, port: chrome.port }));

  // Signed in through the login screen; the runs keep that session (no storage reset) but start cold: the HTTP
  // cache is cleared before each.
  const dashboard = [];
  if (pages.includes('dashboard')) {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const page = await browser.newPage();
    await page.goto(`${app.url}/login`);
    // The login page arrives drawn with its form disabled until the app has taken it over.
    await page.waitForSelector('#login-email:enabled');
    await page.locator('::-p-aria(Correo Electrónico)').fill(admin.email);
    await page.locator('input[type="password"]').fill(admin.password);
    await page.locator('::-p-aria(Iniciar Sesión[role="button"])').click();
    await page.waitForFunction(() => location.pathname === '/dashboard');
    const cdp = await page.createCDPSession();
    for (let i = 0; i < runs; i++) {
      await cdp.send('Network.clearBrowserCache');
      const lhr = await measure(
        `${app.url}/dashboard`,
        { ...flags, port: chrome.port, disableStorageReset: true },
        page,
      );
      if (lhr.finalDisplayedUrl.endsWith('/login')) throw new Error('the dashboard run was not signed in');
      dashboard.push(lhr);
    }
    await browser.disconnect();
  }

  const reports = process.env.LIGHTHOUSE_REPORTS;
  if (reports) {
    mkdirSync(reports, { recursive: true });
    for (const [name, results] of [
      ['login', login],
      ['dashboard', dashboard],
    ])
      results.forEach((lhr, i) =>
        writeFileSync(path.join(reports, `${name}-${i + 1}.json`), JSON.stringify(lhr)),
      );
  }

  out();
  if (login.length > 0) summary('/login', login, 140);
  if (dashboard.length > 0) summary('/dashboard', dashboard);
  out(
    `load average after: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
} finally {
  await chrome.kill();
  await app.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
