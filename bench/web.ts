/**
 * Lighthouse on the built web app: the landing page, explore, a project page, a fundraising page and a project's
 * donate button (the page other sites frame, docs/product/embed.md), served by the built API (as
 * the browser journeys start it) on a throwaway data folder with the demo data.
 * Mobile emulation and Lighthouse's default (simulated) throttling. Prints one line a page with
 * the category scores, LCP and CLS, and the first-load JavaScript from apps/web/scripts/js-budget.mjs.
 * Exits 1 when a page misses a target (BENCH_WEB_STRICT=0 reports without failing).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
// @ts-expect-error: a plain ES module script of the web app, without type declarations.
import { BUDGET_BYTES, EMBED_BUDGET_BYTES, measure, measureEmbed } from '../apps/web/scripts/js-budget.mjs';
import { freePort, intFromEnv, sleep, stopProcess } from './support.js';

const RUNS = intFromEnv('BENCH_WEB_RUNS', 3, 1, 20);
const STRICT = process.env.BENCH_WEB_STRICT !== '0';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const root = fileURLToPath(new URL('../', import.meta.url));
const webDist = process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : path.join(root, 'apps/web/dist');
const server = path.join(root, 'apps/api/dist/server.js');

/** What each page must reach (the median of the runs). */
export const TARGETS = { performance: 95, accessibility: 100, lcpMs: 2500, cls: 0.1 };

interface PageResult {
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  cls: number;
  /** The other timings the score weighs: first contentful paint, total blocking time, speed index. */
  fcpMs: number;
  tbtMs: number;
  siMs: number;
  /** Lighthouse's own count of the JavaScript transferred (compressed), bytes. */
  scriptBytes: number;
  /** Lighthouse's measure of this machine's speed (a fast desktop: 1500 to 2500; below 1000: slow). */
  benchmarkIndex: number;
  /** The failing best-practices audits, by id (a CSP problem shows up here). */
  bestPracticesFailed: string[];
  /** Opportunities and diagnostics that cost time, by id with their estimated saving in ms. */
  advice: string[];
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

async function startServer(port: number, dataDir: string): Promise<ChildProcess> {
  if (!existsSync(path.join(webDist, 'index.html')) || !existsSync(server)) {
    throw new Error('Build the app first (npm run build).');
  }
  const { DATABASE_URL: _embedded, ...env } = process.env;
  const child = spawn(process.execPath, [server], {
    cwd: root,
    env: {
      ...env,
      WEB_DIST: webDist,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      JWT_SECRET: 'bench-web-only-secret-bench-web-only-secret-bench',
      DEMO_DATA: 'true',
      RATE_LIMITS: 'false',
      LOG_LEVEL: 'error',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SCHEDULED_JOBS: 'false',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return child;
    } catch {
      // not up yet
    }
    await sleep(200);
  }
  throw new Error('the server did not answer /api/health within 2 minutes');
}

/** A live project of the demo data, for the project page. */
async function aProjectId(base: string): Promise<number> {
  const res = await fetch(`${base}/api/explore/project/list`);
  const body = (await res.json()) as { items?: Array<{ id: number }> };
  const id = body.items?.[0]?.id;
  if (!id) throw new Error('the demo data has no live project');
  return id;
}

/** The demo's most-raised open fundraising page (with its own picture): a page people share. */
async function aFundraiserId(base: string): Promise<number> {
  const res = await fetch(`${base}/api/explore/fundraiser/list`);
  const body = (await res.json()) as { items?: Array<{ id: number }> };
  const id = body.items?.[0]?.id;
  if (!id) throw new Error('the demo data has no open fundraising page');
  return id;
}

/** Lighthouse now and then loses the trace of a load (NO_NAVSTART): such a run is made again. */
async function audit(url: string, port: number): Promise<PageResult> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await auditOnce(url, port);
    } catch (error) {
      if (attempt >= 3) throw error;
      console.log(`  (run again: ${error instanceof Error ? error.message : error})`);
    }
  }
}

async function auditOnce(url: string, port: number): Promise<PageResult> {
  const runner = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
  });
  const lhr = runner?.lhr;
  if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
  // BENCH_WEB_REPORTS=folder keeps each run's full report (JSON) for a closer look.
  if (process.env.BENCH_WEB_REPORTS) {
    await mkdir(process.env.BENCH_WEB_REPORTS, { recursive: true });
    const name = `${new URL(url).pathname.replaceAll('/', '_') || '_'}-${Date.now()}.json`;
    await writeFile(path.join(process.env.BENCH_WEB_REPORTS, name), JSON.stringify(lhr));
  }
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const scripts = (
    lhr.audits['resource-summary']?.details as { items?: Array<Record<string, unknown>> }
  )?.items?.find((item) => item.resourceType === 'script');
  const bestPracticesFailed = (lhr.categories['best-practices']?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
    .map((ref) => {
      // Say which kind of issue Chrome reported (a CSP problem is one).
      const items = (lhr.audits[ref.id]?.details as { items?: Array<{ issueType?: string }> })?.items;
      const kinds = [...new Set((items ?? []).map((item) => item.issueType).filter(Boolean))];
      return kinds.length ? `${ref.id} (${kinds.join(', ')})` : ref.id;
    });
  const advice = Object.values(lhr.audits)
    .filter((item) => {
      const details = item.details as { overallSavingsMs?: number } | undefined;
      return (details?.overallSavingsMs ?? 0) >= 50 && (item.score ?? 1) < 1;
    })
    .map(
      (item) =>
        `${item.id} (${Math.round((item.details as { overallSavingsMs: number }).overallSavingsMs)} ms)`,
    );
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    lcpMs: numeric('largest-contentful-paint'),
    cls: numeric('cumulative-layout-shift'),
    fcpMs: numeric('first-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    siMs: numeric('speed-index'),
    scriptBytes: Number(scripts?.transferSize ?? Number.NaN),
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? Number.NaN,
    bestPracticesFailed,
    advice,
  };
}

async function main() {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  let js: { perPage: Record<string, number>; total: number; ok: boolean } | undefined;
  let embedJs: { bytes: number; ok: boolean } | undefined;
  try {
    js = measure(webDist);
    embedJs = measureEmbed(webDist);
  } catch (error) {
    console.log(`first-load JS: not measured (${error instanceof Error ? error.message : error})`);
  }
  if (js) {
    console.log(
      `first-load JS (gzipped): ${Object.entries(js.perPage)
        .map(([page, bytes]) => `${page} ${kb(bytes)}`)
        .join(', ')}; together ${kb(js.total)} (budget ${kb(BUDGET_BYTES)})`,
    );
  }
  if (embedJs) {
    console.log(
      `first-load JS (gzipped) of the donate button's page: ${kb(embedJs.bytes)} (budget ${kb(EMBED_BUDGET_BYTES)})`,
    );
  }

  const port = await freePort();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'kindred-bench-web-'));
  // As root the embedded database runs as the user "postgres", who must be able to enter it.
  await chmod(dataDir, 0o755);
  let child: ChildProcess | undefined;
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  const misses: string[] = [];
  try {
    child = await startServer(port, dataDir);
    const base = `http://127.0.0.1:${port}`;
    const projectId = await aProjectId(base);
    const fundraiserId = await aFundraiserId(base);
    const all = {
      landing: '/',
      explore: '/explore',
      project: `/projects/${projectId}`,
      // A fundraising page, as a friend opens the link they were sent.
      fundraiser: `/fundraisers/${fundraiserId}`,
      // The donate button's page, as a charity's site frames it (Lighthouse loads it on its own).
      embed: `/embed/project/${projectId}`,
    };
    // BENCH_WEB_PAGES=project (or a comma-separated list) audits only those pages.
    const only = process.env.BENCH_WEB_PAGES?.split(',').map((name) => name.trim());
    const pages = Object.fromEntries(Object.entries(all).filter(([name]) => !only || only.includes(name)));
    chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM,
      chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu'],
    });
    // One unmeasured load: the server's first answers (query plans, file cache) are not the app's.
    await audit(`${base}/`, chrome.port);
    for (const [name, pathname] of Object.entries(pages)) {
      const runs: PageResult[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await audit(`${base}${pathname}`, chrome.port));
      const pick = (
        key:
          | 'performance'
          | 'accessibility'
          | 'bestPractices'
          | 'lcpMs'
          | 'cls'
          | 'fcpMs'
          | 'tbtMs'
          | 'siMs'
          | 'scriptBytes',
      ) => median(runs.map((run) => run[key]));
      const result = {
        performance: pick('performance'),
        accessibility: pick('accessibility'),
        bestPractices: pick('bestPractices'),
        lcpMs: pick('lcpMs'),
        cls: pick('cls'),
        fcpMs: pick('fcpMs'),
        tbtMs: pick('tbtMs'),
        siMs: pick('siMs'),
        scriptBytes: pick('scriptBytes'),
      };
      const last = runs[runs.length - 1] as PageResult;
      const load = os.loadavg()[0]?.toFixed(1);
      console.log(
        `${name.padEnd(8)} ${pathname.padEnd(17)} performance ${result.performance} (runs ${runs
          .map((run) => run.performance)
          .join(
            ', ',
          )}), accessibility ${result.accessibility}, best practices ${result.bestPractices}, LCP ${(
          result.lcpMs / 1000
        ).toFixed(
          2,
        )} s, CLS ${result.cls.toFixed(3)}, JS transferred ${kb(result.scriptBytes)}; machine: benchmark index ${Math.round(
          median(runs.map((run) => run.benchmarkIndex)),
        )}, load ${load} on ${os.cpus().length} cores`,
      );
      console.log(
        `  FCP ${(result.fcpMs / 1000).toFixed(2)} s, speed index ${(result.siMs / 1000).toFixed(2)} s, total blocking time ${Math.round(result.tbtMs)} ms`,
      );
      if (last.bestPracticesFailed.length)
        console.log(`  best practices failed: ${last.bestPracticesFailed.join(', ')}`);
      if (last.advice.length) console.log(`  advice: ${last.advice.join(', ')}`);
      if (result.performance < TARGETS.performance) misses.push(`${name}: performance ${result.performance}`);
      if (result.accessibility < TARGETS.accessibility)
        misses.push(`${name}: accessibility ${result.accessibility}`);
      if (!(result.lcpMs < TARGETS.lcpMs)) misses.push(`${name}: LCP ${Math.round(result.lcpMs)} ms`);
      if (!(result.cls < TARGETS.cls)) misses.push(`${name}: CLS ${result.cls.toFixed(3)}`);
    }
  } finally {
    chrome?.kill();
    if (child) await stopProcess(child);
    await rm(dataDir, { recursive: true, force: true });
  }
  if (!js?.ok) misses.push(`first-load JS ${js ? kb(js.total) : 'unmeasured'}, budget ${kb(BUDGET_BYTES)}`);
  if (!embedJs?.ok)
    misses.push(
      `the donate button's first-load JS ${embedJs ? kb(embedJs.bytes) : 'unmeasured'}, budget ${kb(EMBED_BUDGET_BYTES)}`,
    );
  if (misses.length) {
    console.log(`targets missed: ${misses.join('; ')}`);
    if (STRICT) process.exitCode = 1;
  } else {
    console.log('all targets met');
  }
}

main().catch((error) => {
  console.error(`bench: ${error instanceof Error ? error.stack : error}`);
  process.exit(1);
});
