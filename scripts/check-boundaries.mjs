#!/usr/bin/env node
/**
 * Layer boundaries that Biome cannot express, checked on resolved paths.
 *
 * Biome's noRestrictedImports (biome.json, per-folder overrides) matches the text of an import, so
 * it catches `@/features/wallet` in a feature but not `../../wallet/api/get-wallet`, and it cannot
 * say "any feature but this file's own". This script resolves every import of the scanned files
 * (`@/` aliases and relative paths) to a path in the repository and checks it against RULES below.
 * `npm run lint` runs it after Biome; it exits 1 and names file, line and rule on a violation.
 *
 * Adding a rule: one entry in RULES. `from` and `forbid` are globs relative to the repository root:
 * `*` is one path segment, `**` any number of them, and `:name` one segment captured from the
 * importing file's path that `forbid` and `allow` may reuse (`features/:feature/**` in `allow` means
 * "the importing file's own feature"; a `:name` the matching `from` glob did not capture matches
 * nothing). Imports that are neither relative nor aliased are packages: `forbid` may name them too
 * (`fastify`, `drizzle-orm/**`), e.g. "services never import Fastify". `except` lists the declared
 * exceptions to a rule, each with its reason: imports from files matching `file` (of targets
 * matching `imports`, or of any target when it is absent) are allowed.
 * Adding a source tree (the API): SOURCES, and ALIASES if it has path aliases.
 *
 * It also keeps the citations of the product's rules true (`ruleCitations`): no file under
 * CITING_SOURCES may cite a rule file outside the repository (the rules are stated in
 * docs/product/), and every `docs/product/<file>.md#<heading>` a file cites must exist.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Folders scanned, relative to the repository root. */
export const SOURCES = ['apps/web/src', 'apps/api/src'];

/** Path aliases: an import starting with `prefix` in a file under `within` points into `target`. */
export const ALIASES = [{ within: 'apps/web/src/', prefix: '@/', target: 'apps/web/src/' }];

const WEB = 'apps/web/src';
const API = 'apps/api/src';

/**
 * The boundaries (docs/architecture.md, "Boundaries"). Dependency direction on the web:
 * app -> features -> entities -> components, lib -> @kindred/shared.
 */
export const RULES = [
  {
    name: 'a feature never imports another feature',
    from: `${WEB}/features/:feature/**`,
    forbid: [`${WEB}/features/**`],
    allow: [`${WEB}/features/:feature/**`],
    why: 'features meet only in route files (app/routes); data several features need belongs in entities/',
  },
  {
    name: 'features never import the app',
    from: `${WEB}/features/**`,
    forbid: [`${WEB}/app/**`],
    why: 'the app composes features, not the other way round',
  },
  {
    name: 'entities never import features or the app',
    from: `${WEB}/entities/**`,
    forbid: [`${WEB}/features/**`, `${WEB}/app/**`],
    why: 'an entity is shared by features; it cannot depend on one of them',
  },
  // The donate button's page (docs/product/embed.md): its own entry (embed.html), built on its own.
  {
    name: "the donate button's page imports nothing of the app",
    from: `${WEB}/embed/**`,
    forbid: [
      `${WEB}/**`,
      'react',
      'react/**',
      'react-dom',
      'react-dom/**',
      '@mantine/**',
      '@tanstack/**',
      'react-router',
      '@stripe/react-stripe-js',
    ],
    allow: [`${WEB}/embed/**`],
    except: [
      {
        file: [`${WEB}/embed/**/*.test.tsx`, `${WEB}/embed/testing/**`],
        imports: [`${WEB}/testing/**`],
        why: "tests use the web tests' fetch stubs and fixtures",
      },
    ],
    why: 'other sites frame it on phones: it must load in one small file, without the app (its own budget, 60 KB)',
  },
  {
    name: "nothing of the app imports the donate button's page",
    from: `${WEB}/**`,
    forbid: [`${WEB}/embed/**`],
    allow: [`${WEB}/embed/**`],
    why: 'the page is its own entry; what both need lives in @kindred/shared',
  },
  {
    name: 'components and lib never import entities, features or the app',
    from: [`${WEB}/components/**`, `${WEB}/lib/**`],
    forbid: [`${WEB}/entities/**`, `${WEB}/features/**`, `${WEB}/app/**`],
    why: 'components/ and lib/ are the bottom layer: generic UI and helpers that know no domain',
  },
  // The API: routes -> service -> repository -> db (docs/architecture.md). Imports name `.js` files for `.ts` ones.
  {
    name: 'API routes never touch SQL',
    from: `${API}/modules/*/*.routes.ts`,
    forbid: [
      'drizzle-orm',
      'drizzle-orm/**',
      `${API}/**/*.repository.*`,
      `${API}/**/*.table.*`,
      `${API}/db/schema.*`,
    ],
    why: 'a route parses the request and calls a service; the service asks its repository',
  },
  {
    name: 'API services never import Fastify',
    from: [`${API}/modules/*/*.service.ts`, `${API}/authz/**`],
    forbid: ['fastify', 'fastify/**', '@fastify/**', `${API}/plugins/**`],
    why: 'services and the access layer are plain functions of the request data, testable without HTTP',
  },
  {
    name: 'API services and the access layer never build SQL',
    from: [`${API}/modules/*/*.service.ts`, `${API}/authz/**`],
    forbid: ['drizzle-orm', 'drizzle-orm/**'],
    except: [
      {
        file: `${API}/authz/access.repository.ts`,
        why: 'the access repository is where every membership and ownership query lives',
      },
      { file: `${API}/**/*.test.ts`, why: 'tests set up and read rows directly' },
    ],
    why: "a service checks access, decides and calls its repository; the SQL is the repository's alone",
  },
  {
    name: 'API repositories never build HTTP errors',
    from: [`${API}/modules/*/*.repository.ts`, `${API}/authz/*.repository.ts`],
    forbid: [`${API}/lib/errors.*`, 'fastify', '@fastify/**'],
    why: 'a repository answers rows; the service decides what a missing or refused row means to the caller',
  },
  // Decision 010. db/schema re-exports every table, so importing it is the same as importing them.
  {
    name: 'a module reads only its own tables',
    from: [`${API}/modules/:module/**`, `${API}/**`],
    forbid: [`${API}/modules/*/*.table.*`, `${API}/db/schema.*`],
    allow: [`${API}/modules/:module/*.table.*`],
    except: [
      {
        file: `${API}/modules/*/*.table.ts`,
        why: "a table references another module's table for a foreign key",
      },
      {
        file: [`${API}/db/schema.ts`, `${API}/db/client.ts`, `${API}/db/columns.ts`],
        why: "the drizzle plumbing: schema.ts gathers the tables, client.ts types the database with them, columns.ts holds the table files' shared columns (a reference to users)",
      },
      {
        file: `${API}/authz/access.repository.ts`,
        imports: [`${API}/modules/{charities,groups,organisations,projects}/*.table.*`],
        why: 'the access layer answers "who may" in one query per permission across the memberships (decision 009)',
      },
      {
        file: [`${API}/seed/**`, `${API}/testing/**`, `${API}/**/*.test.ts`],
        why: 'demo data and tests write and check the rows of every module',
      },
    ],
    why: "a module's tables are read and written by that module; another module asks its exported query functions (decision 010)",
  },
  // Module faces (docs/architecture.md, "Module faces"). Code outside the modules is held to it too:
  // `:module` is then unbound, so only faces are allowed.
  {
    name: 'a module is imported only through its face',
    from: [`${API}/modules/:module/**`, `${API}/**`],
    forbid: [`${API}/modules/**`],
    allow: [`${API}/modules/:module/**`, `${API}/modules/*/index.*`],
    except: [
      {
        file: `${API}/modules/*/*.table.ts`,
        imports: [`${API}/modules/*/*.table.*`],
        why: "a table references another module's table for a foreign key; through the face the schema would load that module's services",
      },
      {
        file: [`${API}/services.ts`, `${API}/app.ts`],
        why: "the composition root builds every module's services and routes from their own files: faces that exported the factories would import each other in circles (a module's service reads the users, whose account deletion asks that module)",
      },
      {
        file: [`${API}/db/schema.ts`, `${API}/db/columns.ts`],
        imports: [`${API}/modules/*/*.table.*`],
        why: 'drizzle needs every table (schema.ts), and the shared columns reference the users table (columns.ts)',
      },
      {
        file: `${API}/context.ts`,
        imports: [
          `${API}/modules/ledger/ledger.service.*`,
          `${API}/modules/notices/notices.service.*`,
          `${API}/modules/payments/provider.*`,
        ],
        why: 'the context types the services it carries from their files: every service imports the context, so through the faces it would import itself',
      },
      {
        file: `${API}/authz/access.repository.ts`,
        imports: [`${API}/modules/{charities,groups,organisations,projects}/*.table.*`],
        why: 'the access layer answers "who may" in one query per permission across the memberships (decision 009)',
      },
      {
        file: [`${API}/seed/**`, `${API}/cli/**`, `${API}/testing/**`, `${API}/**/*.test.ts`],
        why: "demo data, command-line tools and tests set up, run and check each module's own rows and parts",
      },
    ],
    why: 'another module, and code outside the modules, use a module only through what its index.ts exports (its read functions, the writes it allows, its helpers), never its repositories, tables or other files',
  },
];

const SOURCE_FILE = /\.(?:[cm]?[jt]sx?)$/;
/** Folders of built or installed files, never scanned. */
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'coverage', 'test-results', 'playwright-report']);

/**
 * A glob of RULES as a regular expression; `:name` segments become named groups, or the value
 * `captured` holds for them. With `bound`, a `:name` that is not in `captured` matches nothing.
 * `{a,b}` in a segment is either of the two.
 */
export function globToRegExp(glob, captured = {}, bound = false) {
  let pattern = '';
  const segments = glob.split('/');
  segments.forEach((segment, index) => {
    const last = index === segments.length - 1;
    if (segment === '**') {
      // `a/**` matches `a` itself and everything under it.
      pattern += last ? '(?:/.*)?' : '(?:/[^/]+)*';
      return;
    }
    if (index > 0) pattern += '/';
    if (segment.startsWith(':')) {
      const name = segment.slice(1);
      if (name in captured) pattern += escapeRegExp(captured[name]);
      else pattern += bound ? '(?!)' : `(?<${name}>[^/]+)`;
      return;
    }
    pattern += segment
      .split(/(\{[^{}]*\})/)
      .map((part) =>
        part.startsWith('{')
          ? `(?:${part.slice(1, -1).split(',').map(escapeRegExp).join('|')})`
          : part
              .split('*')
              .map((piece) => escapeRegExp(piece))
              .join('[^/]*'),
      )
      .join('');
  });
  return new RegExp(`^${pattern}$`);
}

function escapeRegExp(text) {
  return text.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
}

const asList = (value) => (Array.isArray(value) ? value : [value]);

/**
 * The module specifiers a source imports, with their lines: static imports and re-exports,
 * side-effect imports, `import()`, `require()` and `vi.mock()`. The patterns run over the source
 * with its comments and the insides of its strings, template literals and regular expressions
 * blanked, so text that only looks like an import is never read; the specifier itself is then
 * read from the source.
 */
export function importsOf(source) {
  const code = blankNonCode(source);
  const found = [];
  const patterns = [
    /(?:^|[^\w$.])(?:import|export)\s+(?:type\s+)?[^'"`;]*?\bfrom\s*(['"])/g,
    /(?:^|[^\w$.])import\s*(['"])/g,
    /(?:^|[^\w$.])(?:import|require|vi\.mock|vi\.importActual)\s*\(\s*(['"])/g,
  ];
  for (const pattern of patterns) {
    for (const match of code.matchAll(pattern)) {
      const open = match.index + match[0].length;
      const close = source.indexOf(match[1], open);
      if (close === -1) continue;
      const specifier = source.slice(open, close);
      if (specifier && !specifier.includes('\n')) {
        found.push({ specifier, line: source.slice(0, open).split('\n').length });
      }
    }
  }
  return found.sort((a, b) => a.line - b.line);
}

/**
 * The source with comments, and the insides of strings, template literals and regular expression
 * literals, replaced by spaces; quotes and line breaks stay, so offsets and line numbers hold.
 */
function blankNonCode(source) {
  const blank = (text) => text.replace(/[^\n]/g, ' ');
  let out = '';
  let i = 0;
  let lastSignificant = '';
  while (i < source.length) {
    const char = source[i];
    const next = source[i + 1];
    if (char === '/' && next === '/') {
      const end = source.indexOf('\n', i);
      const stop = end === -1 ? source.length : end;
      out += blank(source.slice(i, stop));
      i = stop;
      continue;
    }
    if (char === '/' && next === '*') {
      const end = source.indexOf('*/', i + 2);
      const stop = end === -1 ? source.length : end + 2;
      out += blank(source.slice(i, stop));
      i = stop;
      continue;
    }
    if (char === "'" || char === '"' || char === '`') {
      const stop = endOfQuoted(source, i, char);
      const closed = source[stop - 1] === char && stop - 1 > i;
      out += char + blank(source.slice(i + 1, closed ? stop - 1 : stop)) + (closed ? char : '');
      i = stop;
      lastSignificant = char;
      continue;
    }
    // A `/` where a value is expected starts a regular expression literal.
    if (char === '/' && (lastSignificant === '' || /[(,=:[!&|?{};+\-*%<>~^]/.test(lastSignificant))) {
      const stop = endOfRegExp(source, i);
      if (stop > 0) {
        out += blank(source.slice(i, stop));
        i = stop;
        lastSignificant = '/';
        continue;
      }
    }
    if (!/\s/.test(char)) lastSignificant = char;
    out += char;
    i += 1;
  }
  return out;
}

function endOfQuoted(source, start, quote) {
  let i = start + 1;
  while (i < source.length) {
    const char = source[i];
    if (char === '\\') {
      i += 2;
      continue;
    }
    if (char === quote) return i + 1;
    if (char === '\n' && quote !== '`') return i;
    i += 1;
  }
  return source.length;
}

function endOfRegExp(source, start) {
  let i = start + 1;
  let inClass = false;
  while (i < source.length) {
    const char = source[i];
    if (char === '\n') return -1;
    if (char === '\\') {
      i += 2;
      continue;
    }
    if (char === '[') inClass = true;
    else if (char === ']') inClass = false;
    else if (char === '/' && !inClass) {
      i += 1;
      while (/[a-z]/i.test(source[i] ?? '')) i += 1;
      return i;
    }
    i += 1;
  }
  return -1;
}

/**
 * Where an import points: `{ path }` in the repository (relative, with forward slashes) for
 * relative and aliased imports, `{ pkg }` for a package.
 */
export function resolveImport(file, specifier) {
  if (specifier.startsWith('./') || specifier.startsWith('../') || specifier === '.' || specifier === '..') {
    return { path: posix.normalize(posix.join(posix.dirname(file), specifier)) };
  }
  for (const alias of ALIASES) {
    if (file.startsWith(alias.within) && specifier.startsWith(alias.prefix)) {
      return { path: posix.normalize(alias.target + specifier.slice(alias.prefix.length)) };
    }
  }
  return { pkg: specifier };
}

/** The rules an import of `file` breaks. */
export function violationsOf(file, target, rules = RULES) {
  const broken = [];
  for (const rule of rules) {
    for (const from of asList(rule.from)) {
      const match = globToRegExp(from).exec(file);
      if (!match) continue;
      const captured = match.groups ?? {};
      const subject = target.path ?? target.pkg;
      const matches = (globs, path) =>
        asList(globs ?? []).some((glob) => globToRegExp(glob, captured, true).test(path));
      const excepted = asList(rule.except ?? []).some(
        (exception) =>
          matches(exception.file, file) &&
          (exception.imports === undefined || matches(exception.imports, subject)),
      );
      if (matches(rule.forbid, subject) && !matches(rule.allow, subject) && !excepted) broken.push(rule);
      break;
    }
  }
  return broken;
}

function* filesUnder(root, folder) {
  for (const entry of readdirSync(join(root, folder), { withFileTypes: true })) {
    const path = posix.join(folder, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_FOLDERS.has(entry.name)) yield* filesUnder(root, path);
    } else if (SOURCE_FILE.test(entry.name) && !entry.name.endsWith('.d.ts')) {
      yield path;
    }
  }
}

/** Checks every source file; returns the violations. */
export function checkRepository(root) {
  const violations = [];
  let files = 0;
  let imports = 0;
  for (const source of SOURCES) {
    for (const file of filesUnder(root, source)) {
      files += 1;
      for (const { specifier, line } of importsOf(readFileSync(join(root, file), 'utf8'))) {
        imports += 1;
        const target = resolveImport(file, specifier);
        for (const rule of violationsOf(file, target)) {
          violations.push({ file, line, specifier, target, rule });
        }
      }
    }
  }
  return { violations, files, imports };
}

/** Trees where no file may reach itself through its imports (type-only imports count too). */
export const ACYCLIC = ['apps/api/src'];

/**
 * Import circles in a tree: each as the list of files around it. Imports name `.js` for `.ts`
 * sources, as TypeScript's NodeNext resolution wants; test files are left out.
 */
export function importCycles(root, folder) {
  const graph = new Map();
  for (const file of filesUnder(root, folder)) {
    if (/\.test\.[cm]?[jt]sx?$/.test(file)) continue;
    const targets = [];
    for (const { specifier } of importsOf(readFileSync(join(root, file), 'utf8'))) {
      const target = resolveImport(file, specifier);
      if (target.path?.startsWith(`${folder}/`)) targets.push(target.path.replace(/\.js$/, '.ts'));
    }
    graph.set(file, targets);
  }
  const cycles = [];
  const state = new Map();
  const stack = [];
  const visit = (file) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (!graph.has(next)) continue;
      if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return cycles;
}

/** Folders whose files may cite the product's rules only in docs/product/. */
export const CITING_SOURCES = ['apps', 'packages', 'scripts', 'e2e', 'bench'];

/**
 * Mentions of the rule files kept outside the repository (the design notes, the product
 * specification and the style guide), and of the specification's sections. The patterns are
 * written so that this file does not mention them itself.
 */
const OUTSIDE_RULE_FILES = [
  { pattern: /domain\.md/i, name: 'the domain design notes' },
  { pattern: /product[-]spec/i, name: 'the product specification' },
  { pattern: /\bspec\s*§/i, name: 'the product specification' },
  { pattern: /style\.md/i, name: 'the style guide' },
];

/** A citation of docs/product: the file, and the heading it points at if any. */
const PRODUCT_CITATION = /docs\/product\/([\w/-]+\.md)(?:#([\w-]+))?/g;

/** The anchors of a markdown file's headings, as GitHub makes them (`## Sign-off` -> `sign-off`). */
export function headingAnchors(markdown) {
  const anchors = new Set();
  const seen = new Map();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const slug = heading[1]
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/** What is wrong with the rule citations of one file's text: `{ line, problem }` each. */
export function citationProblemsOf(text, anchorsOf) {
  const problems = [];
  text.split('\n').forEach((content, index) => {
    const line = index + 1;
    for (const { pattern, name } of OUTSIDE_RULE_FILES) {
      if (pattern.test(content)) {
        problems.push({
          line,
          problem: `cites ${name}, which is outside the repository: cite the docs/product/ file that states the rule, or state it`,
        });
        break;
      }
    }
    for (const [, file, anchor] of content.matchAll(PRODUCT_CITATION)) {
      const anchors = anchorsOf(file);
      if (!anchors) problems.push({ line, problem: `cites docs/product/${file}, which does not exist` });
      else if (anchor && !anchors.has(anchor))
        problems.push({
          line,
          problem: `cites docs/product/${file}#${anchor}, a heading that file does not have`,
        });
    }
  });
  return problems;
}

/** Checks the rule citations of every file under CITING_SOURCES; returns `{ file, line, problem }` each. */
export function ruleCitations(root, folders = CITING_SOURCES) {
  const anchors = new Map();
  const anchorsOf = (file) => {
    if (!anchors.has(file)) {
      const path = join(root, 'docs/product', file);
      anchors.set(file, existsSync(path) ? headingAnchors(readFileSync(path, 'utf8')) : null);
    }
    return anchors.get(file);
  };
  const found = [];
  for (const folder of folders) {
    if (!existsSync(join(root, folder))) continue;
    for (const file of filesUnder(root, folder)) {
      for (const problem of citationProblemsOf(readFileSync(join(root, file), 'utf8'), anchorsOf)) {
        found.push({ file, ...problem });
      }
    }
  }
  return found;
}

/**
 * The most lines an API service file may have: a longer one serves several kinds of caller and is
 * split by who acts (a service per caller, sharing small internal modules; docs/architecture.md).
 */
export const SERVICE_MAX_LINES = 400;
/** The files the length limit holds for. */
export const SERVICE_FILES = `${API}/modules/*/*.service.ts`;
/**
 * Service files that were longer than the limit when it came, each still to be split by who acts.
 * Each may not grow past the length written here; remove its entry once it is split.
 */
export const LONG_SERVICES = {};

/** The number of lines of a source (a final line break ends the last line, it starts none). */
export const lineCount = (source) => (source === '' ? 0 : source.replace(/\n$/, '').split('\n').length);

/**
 * The service files (of `files`, each `{ file, lines }`) longer than they may be: SERVICE_MAX_LINES,
 * or for a file of `allowed` the length written there.
 */
export function longServiceFiles(files, max = SERVICE_MAX_LINES, allowed = LONG_SERVICES) {
  const services = globToRegExp(SERVICE_FILES);
  return files
    .filter(({ file }) => services.test(file))
    .map(({ file, lines }) => ({ file, lines, limit: Math.max(max, allowed[file] ?? 0) }))
    .filter(({ lines, limit }) => lines > limit);
}

/** Entries of `allowed` that no longer hold a long file (split, or gone): they are to be removed. */
export function staleLongServices(files, max = SERVICE_MAX_LINES, allowed = LONG_SERVICES) {
  const lengths = new Map(files.map(({ file, lines }) => [file, lines]));
  return Object.keys(allowed).filter((file) => (lengths.get(file) ?? 0) <= max);
}

/** The API's service files that are too long, and the stale entries of LONG_SERVICES, read from the repository. */
export function checkServiceLengths(root) {
  const files = [];
  for (const source of SOURCES) {
    for (const file of filesUnder(root, source)) {
      files.push({ file, lines: lineCount(readFileSync(join(root, file), 'utf8')) });
    }
  }
  return { long: longServiceFiles(files), stale: staleLongServices(files) };
}

function main() {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const { long, stale } = checkServiceLengths(root);
  for (const { file, lines, limit } of long)
    console.error(
      `${file}: ${lines} lines, more than ${limit}: split the service by who acts (a service per caller, sharing small internal modules).`,
    );
  for (const file of stale)
    console.error(
      `${file}: listed in LONG_SERVICES but no longer over ${SERVICE_MAX_LINES} lines: remove its entry.`,
    );
  if (long.length + stale.length > 0) {
    console.error(
      `check-boundaries: ${long.length} service file(s) too long, ${stale.length} stale entr(ies).`,
    );
    process.exit(1);
  }
  const { violations, files, imports } = checkRepository(root);
  const cycles = ACYCLIC.flatMap((folder) => importCycles(root, folder));
  for (const cycle of cycles) console.error(`import circle: ${cycle.join(' -> ')}`);
  if (cycles.length > 0) {
    console.error(`check-boundaries: ${cycles.length} import circle(s) in ${ACYCLIC.join(', ')}.`);
    process.exit(1);
  }
  for (const { file, line, specifier, target, rule } of violations) {
    const where = target.path && target.path !== specifier ? ` (${target.path})` : '';
    console.error(`${file}:${line}: '${specifier}'${where}: ${rule.name}: ${rule.why}.`);
  }
  const summary = `${files} files, ${imports} imports, ${RULES.length} rules`;
  if (violations.length > 0) {
    console.error(`check-boundaries: ${violations.length} import(s) cross a boundary (${summary}).`);
    process.exit(1);
  }
  console.log(`check-boundaries: no import crosses a boundary (${summary}).`);
  const citations = ruleCitations(root);
  for (const { file, line, problem } of citations) console.error(`${file}:${line}: ${problem}.`);
  if (citations.length > 0) {
    console.error(
      `check-boundaries: ${citations.length} citation(s) of the product's rules to fix (docs/product/README.md).`,
    );
    process.exit(1);
  }
  console.log("check-boundaries: every citation of the product's rules points into docs/product/.");
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main();
}
