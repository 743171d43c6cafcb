import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import {
  headingAnchors,
  importCycles,
  importsOf,
  lineCount,
  longServiceFiles,
  resolveImport,
  ruleCitations,
  staleLongServices,
  violationsOf,
} from './check-boundaries.mjs';

const WEB = 'apps/web/src';

/** The names of the rules an import of `specifier` from the API's `file` breaks. */
const apiBroken = (file, specifier) =>
  violationsOf(`apps/api/src/${file}`, resolveImport(`apps/api/src/${file}`, specifier)).map((r) => r.name);
/** Checked on its own below: most imports across modules that break another rule break it too. */
const FACE_RULE = 'a module is imported only through its face';

/** The names of the rules an import of `specifier` from `file` breaks. */
const broken = (file, specifier) =>
  violationsOf(`${WEB}/${file}`, resolveImport(`${WEB}/${file}`, specifier)).map((rule) => rule.name);

describe('check-boundaries', () => {
  it('reads every kind of import, and nothing in comments or strings', () => {
    const source = [
      "import { a } from '@/features/a';",
      "import type { B } from '../b';",
      'import {',
      '  c,',
      "} from './c';",
      "export { d } from '@/entities/d';",
      "import '@/app/styles.css';",
      "const e = () => import('@/features/e');",
      "vi.mock('@/features/f', () => ({}));",
      "// import { g } from '@/features/g';",
      "/* import('@/features/h') */",
      'const text = "import { i } from \'@/features/i\'";',
      "const pattern = /from '@\\/features\\/j'/;",
    ].join('\n');
    assert.deepEqual(importsOf(source), [
      { specifier: '@/features/a', line: 1 },
      { specifier: '../b', line: 2 },
      { specifier: './c', line: 5 },
      { specifier: '@/entities/d', line: 6 },
      { specifier: '@/app/styles.css', line: 7 },
      { specifier: '@/features/e', line: 8 },
      { specifier: '@/features/f', line: 9 },
    ]);
  });

  it('resolves aliases and relative paths; anything else is a package', () => {
    assert.deepEqual(resolveImport(`${WEB}/features/a/components/x.tsx`, '@/lib/api-client'), {
      path: `${WEB}/lib/api-client`,
    });
    assert.deepEqual(resolveImport(`${WEB}/features/a/components/x.tsx`, '../../b'), {
      path: `${WEB}/features/b`,
    });
    assert.deepEqual(resolveImport(`${WEB}/features/a/components/x.tsx`, '@tanstack/react-query'), {
      pkg: '@tanstack/react-query',
    });
  });

  it('forbids a feature to import another feature, by alias, by relative path or through its index', () => {
    const rule = ['a feature never imports another feature'];
    assert.deepEqual(broken('features/wallet/components/x.tsx', '@/features/explore'), rule);
    assert.deepEqual(broken('features/wallet/components/x.tsx', '@/features/explore/api/explore'), rule);
    assert.deepEqual(broken('features/wallet/components/x.tsx', '../../explore'), rule);
    assert.deepEqual(broken('features/wallet/index.ts', '../explore/index'), rule);
    // Its own files are fine, however imported.
    assert.deepEqual(broken('features/wallet/components/x.tsx', '../api/add-money'), []);
    assert.deepEqual(broken('features/wallet/components/x.tsx', '@/features/wallet/lib/owner'), []);
    // A feature may use entities, components and lib.
    assert.deepEqual(broken('features/wallet/components/x.tsx', '@/entities/wallet'), []);
    assert.deepEqual(broken('features/wallet/components/x.tsx', '@/components/ui/states'), []);
  });

  it('keeps the layers in one direction: app -> features -> entities -> components, lib', () => {
    assert.deepEqual(broken('features/wallet/x.tsx', '@/app/routes/guards'), [
      'features never import the app',
    ]);
    assert.deepEqual(broken('entities/project/x.ts', '@/features/projects'), [
      'entities never import features or the app',
    ]);
    assert.deepEqual(broken('entities/project/x.ts', '../../app/provider'), [
      'entities never import features or the app',
    ]);
    assert.deepEqual(broken('components/ui/x.tsx', '@/entities/session'), [
      'components and lib never import entities, features or the app',
    ]);
    assert.deepEqual(broken('lib/x.ts', '../features/wallet'), [
      'components and lib never import entities, features or the app',
    ]);
    // Upward is fine, and so is one entity using another.
    assert.deepEqual(broken('entities/project/x.ts', '@/entities/charity'), []);
    assert.deepEqual(broken('app/routes/x.tsx', '@/features/projects'), []);
    assert.deepEqual(broken('lib/x.ts', '@/components/ui/toast'), []);
    // The test helpers may render the whole app.
    assert.deepEqual(broken('testing/render.tsx', '@/app/provider'), []);
  });

  it('keeps the API in its layers: routes touch no SQL, services no Fastify, repositories no HTTP errors', () => {
    const api = (file, specifier) => apiBroken(file, specifier).filter((name) => name !== FACE_RULE);
    assert.deepEqual(api('modules/a/a.routes.ts', 'drizzle-orm'), ['API routes never touch SQL']);
    assert.deepEqual(api('modules/a/a.routes.ts', '../b/b.repository.js'), ['API routes never touch SQL']);
    assert.deepEqual(api('modules/a/a.routes.ts', './a.service.js'), []);
    assert.deepEqual(api('modules/a/a.service.ts', 'fastify'), ['API services never import Fastify']);
    assert.deepEqual(api('modules/a/a.service.ts', 'drizzle-orm'), [
      'API services and the access layer never build SQL',
    ]);
    assert.deepEqual(api('authz/access.ts', 'drizzle-orm'), [
      'API services and the access layer never build SQL',
    ]);
    assert.deepEqual(api('authz/access.repository.ts', 'drizzle-orm'), []);
    assert.deepEqual(api('modules/a/a.repository.ts', 'drizzle-orm'), []);
    assert.deepEqual(api('modules/a/a.repository.ts', '../../lib/errors.js'), [
      'API repositories never build HTTP errors',
    ]);
  });

  it("keeps each module's tables to the module, with the declared exceptions", () => {
    const api = (file, specifier) => apiBroken(file, specifier).filter((name) => name !== FACE_RULE);
    const rule = ['a module reads only its own tables'];
    // Another module's table, from any layer of a module, or from code outside the modules.
    assert.deepEqual(api('modules/wallet/wallet.repository.ts', '../ledger/ledger.table.js'), rule);
    assert.deepEqual(api('modules/charities/charities.service.ts', '../projects/projects.table.js'), rule);
    assert.deepEqual(api('lib/x.ts', '../modules/users/users.table.js'), rule);
    assert.deepEqual(api('services.ts', './modules/users/users.table.js'), rule);
    assert.deepEqual(api('authz/access.ts', '../modules/projects/projects.table.js'), rule);
    // db/schema holds every table: importing it is no way round the rule.
    assert.deepEqual(api('modules/users/users.service.ts', '../../db/schema.js'), rule);
    // A module's own tables are fine, and so are the other modules' query functions.
    assert.deepEqual(api('modules/ledger/ledger.repository.ts', './ledger.table.js'), []);
    assert.deepEqual(api('modules/wallet/wallet.service.ts', '../ledger/ledger.service.js'), []);
    // The exceptions: foreign keys between tables, the drizzle plumbing, the access layer on the
    // tables it is declared for (and no others), seed data and tests.
    assert.deepEqual(api('modules/projects/projects.table.ts', '../charities/charities.table.js'), []);
    assert.deepEqual(api('db/schema.ts', '../modules/users/users.table.js'), []);
    assert.deepEqual(api('db/client.ts', './schema.js'), []);
    assert.deepEqual(api('authz/access.repository.ts', '../modules/projects/projects.table.js'), []);
    assert.deepEqual(api('authz/access.repository.ts', '../modules/ledger/ledger.table.js'), rule);
    // Explore joins the tables through the join targets of their modules' faces, not the table files.
    assert.deepEqual(api('modules/explore/explore.repository.ts', '../groups/index.js'), []);
    assert.deepEqual(api('modules/explore/explore.repository.ts', '../groups/groups.table.js'), rule);
    assert.deepEqual(api('seed/demo.ts', '../modules/users/users.table.js'), []);
    assert.deepEqual(api('modules/auth/auth.test.ts', '../users/users.table.js'), []);
  });

  it('imports another module only through its face (index.ts), with the declared exceptions', () => {
    const api = (file, specifier) => apiBroken(file, specifier).filter((name) => name === FACE_RULE);
    const rule = [FACE_RULE];
    // Another module's repository, service, helper or table, from any file of a module.
    assert.deepEqual(api('modules/admin/admin.service.ts', '../users/users.repository.js'), rule);
    assert.deepEqual(api('modules/wallet/wallet.service.ts', '../ledger/ledger.service.js'), rule);
    assert.deepEqual(api('modules/billing/invoice-payments.ts', '../payments/money-owner.js'), rule);
    assert.deepEqual(api('modules/explore/explore.repository.ts', '../projects/projects.table.js'), rule);
    assert.deepEqual(api('modules/users/users.presenter.ts', '../charities/index/x.js'), rule);
    // Its face, however named, and the module's own files are fine.
    assert.deepEqual(api('modules/admin/admin.service.ts', '../users/index.js'), []);
    assert.deepEqual(api('modules/admin/admin.service.ts', '../users/index.ts'), []);
    assert.deepEqual(api('modules/users/users.service.ts', './users.repository.js'), []);
    assert.deepEqual(api('modules/users/users.service.ts', '../../lib/errors.js'), []);
    // Code outside the modules uses the faces too (the access layer, plugins, lib).
    assert.deepEqual(api('plugins/auth.ts', '../modules/users/users.repository.js'), rule);
    assert.deepEqual(api('plugins/auth.ts', '../modules/users/index.js'), []);
    assert.deepEqual(api('authz/access.ts', '../modules/projects/projects.repository.js'), rule);
    // The exceptions: foreign keys between table files, the composition root, the drizzle
    // plumbing and the context on what they are declared for, the access layer's tables, seed
    // data, command-line tools and tests.
    assert.deepEqual(api('modules/projects/projects.table.ts', '../charities/charities.table.js'), []);
    assert.deepEqual(api('modules/projects/projects.table.ts', '../charities/charities.repository.js'), rule);
    assert.deepEqual(api('services.ts', './modules/charities/charities.service.js'), []);
    assert.deepEqual(api('app.ts', './modules/users/users.routes.js'), []);
    assert.deepEqual(api('db/schema.ts', '../modules/users/users.table.js'), []);
    assert.deepEqual(api('db/schema.ts', '../modules/users/users.repository.js'), rule);
    assert.deepEqual(api('context.ts', './modules/ledger/ledger.service.js'), []);
    assert.deepEqual(api('context.ts', './modules/users/users.repository.js'), rule);
    assert.deepEqual(api('authz/access.repository.ts', '../modules/groups/groups.table.js'), []);
    assert.deepEqual(api('seed/demo.ts', '../modules/donations/donation-flow.js'), []);
    assert.deepEqual(api('cli/ledger-check.ts', '../modules/ledger/ledger.check.js'), []);
    assert.deepEqual(api('testing/helpers.ts', '../modules/users/users.repository.js'), []);
    assert.deepEqual(api('modules/auth/auth.test.ts', '../users/users.repository.js'), []);
  });

  it('finds import circles, type-only imports included', () => {
    const root = mkdtempSync(join(tmpdir(), 'boundaries-'));
    try {
      mkdirSync(join(root, 'src/a'), { recursive: true });
      writeFileSync(join(root, 'src/a/one.ts'), "import { two } from './two.js';\nexport const one = 1;\n");
      writeFileSync(
        join(root, 'src/a/two.ts'),
        "import type { Three } from '../three.js';\nexport const two = 2;\n",
      );
      writeFileSync(
        join(root, 'src/three.ts'),
        "import { one } from './a/one.js';\nexport type Three = 3;\n",
      );
      writeFileSync(join(root, 'src/free.ts'), "import { one } from './a/one.js';\n");
      assert.deepEqual(importCycles(root, 'src'), [
        ['src/a/one.ts', 'src/a/two.ts', 'src/three.ts', 'src/a/one.ts'],
      ]);
      writeFileSync(join(root, 'src/three.ts'), 'export type Three = 3;\n');
      assert.deepEqual(importCycles(root, 'src'), []);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('makes heading anchors as GitHub does', () => {
    const markdown = [
      '# Money',
      '## The ledger',
      '## Sign-off',
      '```',
      '## not a heading',
      '```',
      '## Sign-off',
    ].join('\n');
    assert.deepEqual([...headingAnchors(markdown)], ['money', 'the-ledger', 'sign-off', 'sign-off-1']);
  });

  it('names each file and line that cites a rule file outside the repository, or a docs/product/ file or heading that does not exist', () => {
    const root = mkdtempSync(join(tmpdir(), 'citations-'));
    // Written in pieces, so that this file does not cite the outside files itself.
    const outside = {
      domain: ['domain', 'md §4'].join('.'),
      spec: ['spec', '§5'].join(' '),
      specFile: ['product', 'spec.md'].join('-'),
      style: ['style', 'md'].join('.'),
    };
    // And so are the citations of docs/product that the fixture gets wrong.
    const missingFile = ['docs/product', 'fees.md'].join('/');
    const missingHeading = ['docs/product/money.md', 'held-money'].join('#');
    try {
      mkdirSync(join(root, 'docs/product'), { recursive: true });
      writeFileSync(join(root, 'docs/product/money.md'), '# Money\n\n## The ledger\n');
      mkdirSync(join(root, 'apps/api/src'), { recursive: true });
      mkdirSync(join(root, 'packages/shared/src'), { recursive: true });
      mkdirSync(join(root, 'apps/api/node_modules/x'), { recursive: true });
      writeFileSync(
        join(root, 'apps/api/src/ledger.ts'),
        [
          '/** The only writer of the ledger (docs/product/money.md#the-ledger). */',
          `/** Every movement sums to zero (${outside.domain}). */`,
          '// Amounts in minor units (docs/product/money.md).',
          `// Held money (${missingHeading}).`,
          `// Fees (${missingFile}).`,
        ].join('\n'),
      );
      writeFileSync(
        join(root, 'packages/shared/src/checks.ts'),
        [
          `/** Form checks of ${outside.spec}. */`,
          `// See ${outside.specFile}.`,
          `// Layers (${outside.style}).`,
        ].join('\n'),
      );
      // Installed packages are never read; neither are folders outside CITING_SOURCES.
      writeFileSync(join(root, 'apps/api/node_modules/x/index.js'), `// ${outside.domain}\n`);
      mkdirSync(join(root, 'notes'));
      writeFileSync(join(root, 'notes/a.ts'), `// ${outside.domain}\n`);
      const found = ruleCitations(root).map(
        ({ file, line, problem }) => `${file}:${line}: ${problem.split(',')[0]}`,
      );
      assert.deepEqual(found, [
        'apps/api/src/ledger.ts:2: cites the domain design notes',
        `apps/api/src/ledger.ts:4: cites ${missingHeading}`,
        `apps/api/src/ledger.ts:5: cites ${missingFile}`,
        'packages/shared/src/checks.ts:1: cites the product specification',
        'packages/shared/src/checks.ts:2: cites the product specification',
        'packages/shared/src/checks.ts:3: cites the style guide',
      ]);
      assert.match(ruleCitations(root)[2].problem, /does not exist/);
      assert.match(ruleCitations(root)[1].problem, /a heading that file does not have/);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('fails on an API service file over 400 lines, unless it is a declared long one that did not grow', () => {
    const api = (path) => `apps/api/src/${path}`;
    const files = [
      { file: api('modules/gifts/gifts.service.ts'), lines: 400 },
      { file: api('modules/gifts/giving.service.ts'), lines: 401 },
      { file: api('modules/gifts/gifts.repository.ts'), lines: 900 },
      { file: api('modules/gifts/gifts.test.ts'), lines: 900 },
      { file: api('modules/old/old.service.ts'), lines: 450 },
      { file: api('modules/old/older.service.ts'), lines: 451 },
      { file: 'apps/web/src/features/gifts/gifts.service.ts', lines: 900 },
    ];
    const allowed = { [api('modules/old/old.service.ts')]: 450, [api('modules/old/older.service.ts')]: 450 };
    assert.deepEqual(longServiceFiles(files, 400, allowed), [
      { file: api('modules/gifts/giving.service.ts'), lines: 401, limit: 400 },
      { file: api('modules/old/older.service.ts'), lines: 451, limit: 450 },
    ]);
    // A declared long file that was split, or is gone, is to be struck off the list.
    const split = {
      ...allowed,
      [api('modules/gifts/gifts.service.ts')]: 500,
      [api('modules/gone.service.ts')]: 500,
    };
    assert.deepEqual(staleLongServices(files, 400, split), [
      api('modules/gifts/gifts.service.ts'),
      api('modules/gone.service.ts'),
    ]);
  });

  it('counts the lines of a file as an editor shows them', () => {
    assert.equal(lineCount(''), 0);
    assert.equal(lineCount('one\n'), 1);
    assert.equal(lineCount('one\ntwo'), 2);
    assert.equal(lineCount('one\ntwo\n\n'), 3);
  });
});
