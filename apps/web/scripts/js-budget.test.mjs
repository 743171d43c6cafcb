import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import {
  EMBED_BUDGET_BYTES,
  firstLoadFiles,
  gzipSize,
  measure,
  measureEmbed,
  staticClosure,
} from './js-budget.mjs';

/** A build's manifest: the entry imports react and a shared chunk; explore's route is lazy. */
const MANIFEST = {
  'index.html': {
    file: 'assets/index-a1.js',
    isEntry: true,
    imports: ['_react-b2.js', '_shared-c3.js'],
    dynamicImports: ['src/app/routes/explore.tsx', 'src/features/wallet/index.ts'],
  },
  '_react-b2.js': { file: 'assets/react-b2.js' },
  '_shared-c3.js': { file: 'assets/shared-c3.js', imports: ['_react-b2.js'] },
  'src/app/routes/explore.tsx': {
    file: 'assets/explore-d4.js',
    isDynamicEntry: true,
    imports: ['_shared-c3.js', '_map-e5.js'],
    dynamicImports: ['src/features/wallet/index.ts'],
  },
  '_map-e5.js': { file: 'assets/map-e5.js' },
  // Loaded later (a screen opened on demand): never part of a first load.
  'src/features/wallet/index.ts': { file: 'assets/wallet-f6.js', isDynamicEntry: true },
};

/** Text that gzip shrinks but not to nothing: `n` distinct lines. */
const code = (name, n) =>
  Array.from({ length: n }, (_, i) => `export const ${name}${i} = ${(i * 7919) % 10007};`).join('\n');

describe('js-budget', () => {
  const dist = mkdtempSync(join(tmpdir(), 'kindred-budget-'));
  after(() => rmSync(dist, { recursive: true, force: true }));
  mkdirSync(join(dist, '.vite'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  const files = {
    'assets/index-a1.js': code('entry', 300),
    'assets/react-b2.js': code('react', 900),
    'assets/shared-c3.js': code('shared', 200),
    'assets/explore-d4.js': code('explore', 400),
    'assets/map-e5.js': code('map', 100),
    'assets/wallet-f6.js': code('wallet', 5000),
  };
  // The donate button's page, built on its own: its entry imports a chunk statically and Stripe's
  // card field on demand.
  const EMBED_MANIFEST = {
    'embed.html': {
      file: 'assets/embed-g7.js',
      isEntry: true,
      imports: ['_zod-h8.js'],
      dynamicImports: ['src/embed/stripe.ts'],
    },
    '_zod-h8.js': { file: 'assets/zod-h8.js' },
    'src/embed/stripe.ts': { file: 'assets/stripe-i9.js', isDynamicEntry: true },
  };
  writeFileSync(join(dist, '.vite', 'embed-manifest.json'), JSON.stringify(EMBED_MANIFEST));
  files['assets/embed-g7.js'] = code('embed', 250);
  files['assets/zod-h8.js'] = code('zod', 150);
  files['assets/stripe-i9.js'] = code('stripe', 3000);
  for (const [file, text] of Object.entries(files)) writeFileSync(join(dist, file), text);
  const gz = (file) => gzipSize(Buffer.from(files[file]));
  const entryBytes = gz('assets/index-a1.js') + gz('assets/react-b2.js') + gz('assets/shared-c3.js');
  const pages = { '/': [], '/explore': ['src/app/routes/explore.tsx'] };

  it('follows static imports only, each chunk once', () => {
    assert.deepEqual([...staticClosure(MANIFEST, 'index.html')].sort(), [
      '_react-b2.js',
      '_shared-c3.js',
      'index.html',
    ]);
    assert.deepEqual(firstLoadFiles(MANIFEST, pages), {
      '/': ['assets/index-a1.js', 'assets/react-b2.js', 'assets/shared-c3.js'],
      '/explore': [
        'assets/explore-d4.js',
        'assets/index-a1.js',
        'assets/map-e5.js',
        'assets/react-b2.js',
        'assets/shared-c3.js',
      ],
    });
  });

  it('sums the gzipped sizes of each page and of all pages together, without the on-demand chunks', () => {
    const result = measure(dist, { pages, budget: 1_000_000 });
    const exploreBytes = entryBytes + gz('assets/explore-d4.js') + gz('assets/map-e5.js');
    assert.deepEqual(result.perPage, { '/': entryBytes, '/explore': exploreBytes });
    // Shared chunks count once in the total, and the wallet loaded later not at all.
    assert.equal(result.total, exploreBytes);
    assert.equal(result.ok, true);
  });

  it('fails when the pages need more than the budget, and passes at exactly the budget', () => {
    const total = measure(dist, { pages, budget: 1_000_000 }).total;
    assert.equal(measure(dist, { pages, budget: total }).ok, true);
    assert.equal(measure(dist, { pages, budget: total - 1 }).ok, false);
  });

  it('refuses a page whose route module is not in the build (a renamed route file)', () => {
    assert.throws(
      () => measure(dist, { pages: { '/explore': ['src/app/routes/gone.tsx'] } }),
      /src\/app\/routes\/gone\.tsx is not in the build manifest/,
    );
  });

  it("sizes the donate button's page from its own manifest, without what it loads on demand", () => {
    const result = measureEmbed(dist, { budget: 1_000_000 });
    assert.deepEqual(Object.keys(result.chunks).sort(), ['assets/embed-g7.js', 'assets/zod-h8.js']);
    assert.equal(result.bytes, gz('assets/embed-g7.js') + gz('assets/zod-h8.js'));
    assert.equal(result.ok, true);
    // Its budget is its own: the app's pages are not in it, nor it in theirs.
    assert.equal(measure(dist, { pages, budget: 1_000_000 }).chunks['assets/embed-g7.js'], undefined);
  });

  it("fails the donate button's page above its budget (60 KB unless told)", () => {
    assert.equal(EMBED_BUDGET_BYTES, 60 * 1024);
    const { bytes } = measureEmbed(dist, { budget: 1_000_000 });
    assert.equal(measureEmbed(dist, { budget: bytes }).ok, true);
    assert.equal(measureEmbed(dist, { budget: bytes - 1 }).ok, false);
  });
});
