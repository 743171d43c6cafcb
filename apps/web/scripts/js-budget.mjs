#!/usr/bin/env node
/**
 * After the two `vite build`s: the JavaScript a first visit downloads, gzipped, against a budget.
 * - The app's public pages (landing, explore, a project): it reads the app's manifest
 *   (dist/.vite/manifest.json), follows the entry's static imports, adds each page's lazily loaded
 *   route module with its own static imports, and fails when the pages together need more than
 *   the budget.
 * - The donate button's page (embed.html, built on its own by vite.embed.config.ts): its entry and
 *   static imports from dist/.vite/embed-manifest.json, against its own, smaller budget.
 * It exits 1 when either is over. Chunks loaded later (a map, a form opened on demand, Stripe's
 * card field) do not count.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants, gzipSync } from 'node:zlib';

/**
 * The most JavaScript (gzipped) the landing, explore and project pages may need together on a
 * first visit: the target of record (issue 13), met since the menus, drawers, dialogs, toasts and
 * town suggestions load on demand (docs/performance.md, "Web"). Something new on these pages
 * makes room for itself: it loads on demand, or something else does.
 */
export const BUDGET_BYTES = 170 * 1024;
/** The target of record; the budget may not be set above it again. */
export const TARGET_BYTES = 170 * 1024;

/**
 * The public pages and the source modules their routes load lazily on a first visit (keys of the
 * manifest, as src/app/router.tsx imports them). An empty list: the page's screen is in the entry
 * (today all three are: a lazy screen would cost the first visit one more round trip). A page
 * whose route becomes lazy must list its module here; a listed module missing from the manifest
 * fails the check, so a renamed route file cannot slip through unmeasured.
 */
export const PAGES = {
  '/': [],
  '/explore': [],
  '/projects/:id': [],
};

/**
 * The most JavaScript (gzipped) the donate button's page may need on its first load (issue
 * "Reach"): it is framed on charities' own sites, on phones, and must show at once.
 */
export const EMBED_BUDGET_BYTES = 60 * 1024;

/** Where each build's manifest is, under dist/. */
export const MANIFESTS = { app: '.vite/manifest.json', embed: '.vite/embed-manifest.json' };

/** The manifest key of a manifest's HTML entry: `name` when given, else its only entry. */
function entryKey(manifest, name) {
  if (name !== undefined) {
    if (!manifest[name]?.isEntry) throw new Error(`${name} is not an entry of the build manifest.`);
    return name;
  }
  const keys = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  if (keys.length !== 1) throw new Error(`Expected one entry in the manifest, found ${keys.length}.`);
  return keys[0];
}

/** Manifest keys of `start` and everything it imports statically, transitively. */
export function staticClosure(manifest, start) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest.`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(start);
  return seen;
}

/** The JavaScript files a first visit to each page downloads (entry plus the page's route modules). */
export function firstLoadFiles(manifest, pages = PAGES, entry = undefined) {
  const entryKeys = staticClosure(manifest, entryKey(manifest, entry));
  const result = {};
  for (const [page, modules] of Object.entries(pages)) {
    const keys = new Set(entryKeys);
    for (const module of modules) for (const key of staticClosure(manifest, module)) keys.add(key);
    result[page] = [...keys].map((key) => manifest[key].file).sort();
  }
  return result;
}

/** Gzipped size at the best level, as precompress.mjs writes it. */
export function gzipSize(buffer) {
  return gzipSync(buffer, { level: constants.Z_BEST_COMPRESSION }).length;
}

/**
 * Sizes of each page's first load and of all of them together (each file counted once), in bytes
 * gzipped; `ok` is false when the total is over the budget.
 */
export function measure(dist, { pages = PAGES, budget = BUDGET_BYTES } = {}) {
  const manifest = readManifest(dist, MANIFESTS.app);
  const files = firstLoadFiles(manifest, pages);
  const size = sizer(dist);
  const perPage = Object.fromEntries(
    Object.entries(files).map(([page, list]) => [page, list.reduce((sum, file) => sum + size(file), 0)]),
  );
  const all = new Set(Object.values(files).flat());
  const total = [...all].reduce((sum, file) => sum + size(file), 0);
  const chunks = Object.fromEntries([...all].sort().map((file) => [file, size(file)]));
  return { perPage, total, budget, ok: total <= budget, chunks };
}

function readManifest(dist, file) {
  return JSON.parse(readFileSync(join(dist, file), 'utf8'));
}

/** Each file's gzipped size, read once. */
function sizer(dist) {
  const sizes = new Map();
  return (file) => {
    if (!sizes.has(file)) sizes.set(file, gzipSize(readFileSync(join(dist, file))));
    return sizes.get(file);
  };
}

/**
 * The donate button's page: the gzipped JavaScript of its entry and what the entry imports
 * statically (its own build's manifest), against its budget; `ok` is false above it.
 */
export function measureEmbed(dist, { budget = EMBED_BUDGET_BYTES } = {}) {
  const manifest = readManifest(dist, MANIFESTS.embed);
  const [files] = Object.values(firstLoadFiles(manifest, { embed: [] }, 'embed.html'));
  const size = sizer(dist);
  const chunks = Object.fromEntries(files.map((file) => [file, size(file)]));
  const bytes = Object.values(chunks).reduce((sum, n) => sum + n, 0);
  return { bytes, budget, ok: bytes <= budget, chunks };
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dist = fileURLToPath(new URL('../dist', import.meta.url));
  const result = measure(dist);
  for (const [file, bytes] of Object.entries(result.chunks))
    console.log(`  ${kb(bytes).padStart(9)}  ${file}`);
  for (const [page, bytes] of Object.entries(result.perPage)) console.log(`js-budget: ${page} ${kb(bytes)}`);
  console.log(
    `js-budget: landing, explore and project together ${kb(result.total)} gzipped (budget ${kb(result.budget)}, target ${kb(TARGET_BYTES)})`,
  );
  const embed = measureEmbed(dist);
  for (const [file, bytes] of Object.entries(embed.chunks))
    console.log(`  ${kb(bytes).padStart(9)}  ${file}`);
  console.log(`js-budget: the donate button's page ${kb(embed.bytes)} gzipped (budget ${kb(embed.budget)})`);
  if (!result.ok) {
    console.error(
      'js-budget: over budget: split the new code out of the first load (a lazy route or import).',
    );
  }
  if (!embed.ok) {
    console.error(
      "js-budget: the donate button's page is over its budget: load the new code on demand, or leave it out.",
    );
  }
  if (!result.ok || !embed.ok) process.exit(1);
}
