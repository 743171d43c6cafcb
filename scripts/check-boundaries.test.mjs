import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { importsOf, resolveImport, violationsOf } from './check-boundaries.mjs';

const WEB = 'apps/web/src';

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
});
