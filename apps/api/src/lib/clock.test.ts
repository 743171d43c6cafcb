import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const srcDir = fileURLToPath(new URL('..', import.meta.url));
/** The one file allowed to read the machine's clock. */
const CLOCK_MODULE = path.join('lib', 'clock.ts');

/** The database's own clock, which the database server reads for itself. */
const SQL_CLOCK =
  /(?<![\w.])(now\(\)|current_date|current_timestamp|localtimestamp|localtime|clock_timestamp\(\)|statement_timestamp\(\)|transaction_timestamp\(\)|timeofday\(\))/i;

/** Ways server code could read the real time behind the injected clock's back. */
const READS_IN_CODE: Array<{ what: string; pattern: RegExp }> = [
  { what: 'Date.now()', pattern: /\bDate\.now\s*\(/ },
  { what: 'new Date() without a time', pattern: /\bnew\s+Date\s*\(\s*\)/ },
  { what: 'Date() called as a function', pattern: /(?<![\w.]|new\s)Date\s*\(\s*\)/ },
  { what: 'a column defaulting to the database clock', pattern: /\.defaultNow\s*\(/ },
];

/**
 * Splits source into code and the text of its string literals (quotes and template text; a
 * template's `${...}` is code), dropping comments, line by line.
 */
function split(source: string): Array<{ code: string; text: string }> {
  const lines = [{ code: '', text: '' }];
  let mode: 'code' | "'" | '"' | '`' | 'line-comment' | 'block-comment' = 'code';
  const braces: number[] = [];
  for (let i = 0; i < source.length; i++) {
    const c = source[i] as string;
    const next = source[i + 1];
    const line = lines[lines.length - 1] as { code: string; text: string };
    if (c === '\n') {
      lines.push({ code: '', text: '' });
      if (mode === 'line-comment') mode = 'code';
      continue;
    }
    if (mode === 'line-comment') continue;
    if (mode === 'block-comment') {
      if (c === '*' && next === '/') {
        mode = 'code';
        i++;
      }
      continue;
    }
    if (mode === 'code') {
      if (c === '/' && next === '/') mode = 'line-comment';
      else if (c === '/' && next === '*') mode = 'block-comment';
      else if (c === "'" || c === '"' || c === '`') {
        mode = c;
        line.text += ' ';
      } else if (c === '}' && braces.length > 0 && braces[braces.length - 1] === 0) {
        braces.pop();
        mode = '`';
      } else {
        if (braces.length > 0 && c === '{') braces[braces.length - 1] = (braces[braces.length - 1] ?? 0) + 1;
        if (braces.length > 0 && c === '}') braces[braces.length - 1] = (braces[braces.length - 1] ?? 0) - 1;
        line.code += c;
      }
      continue;
    }
    if (c === '\\') {
      line.text += next ?? '';
      i++;
    } else if (c === mode) {
      mode = 'code';
      line.code += ' ';
    } else if (mode === '`' && c === '$' && next === '{') {
      braces.push(0);
      mode = 'code';
      i++;
    } else line.text += c;
  }
  return lines;
}

function readsOfTheRealClock(source: string): string[] {
  const found: string[] = [];
  split(source).forEach(({ code, text }, index) => {
    for (const { what, pattern } of READS_IN_CODE) {
      if (pattern.test(code)) found.push(`line ${index + 1}: ${what}: ${code.trim()}`);
    }
    if (SQL_CLOCK.test(text)) found.push(`line ${index + 1}: the database's clock in SQL: ${text.trim()}`);
  });
  return found;
}

async function serverFiles(dir: string): Promise<string[]> {
  const files: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'testing') files.push(...(await serverFiles(full)));
    } else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) {
      files.push(full);
    }
  }
  return files;
}

describe('one clock', () => {
  it('finds each way of reading the real time', () => {
    expect(readsOfTheRealClock('const t = Date.now();')).toHaveLength(1);
    expect(readsOfTheRealClock('const d = new Date();')).toHaveLength(1);
    expect(readsOfTheRealClock('const s = Date();')).toHaveLength(1);
    expect(readsOfTheRealClock("createdAt: timestamp('created_at').notNull().defaultNow(),")).toHaveLength(1);
    expect(readsOfTheRealClock('await db.execute(sql`update users set updated_at = now()`);')).toHaveLength(
      1,
    );
    expect(readsOfTheRealClock("await client.query('select current_timestamp');")).toHaveLength(1);
  });

  it('lets through times the code is given, and prose about the clock', () => {
    expect(readsOfTheRealClock('const d = new Date(now.getTime() + 1000);')).toEqual([]);
    expect(readsOfTheRealClock('const at = now();')).toEqual([]);
    expect(readsOfTheRealClock('const updated = await repo.update(db, id, changes, ctx.now());')).toEqual([]);
    expect(readsOfTheRealClock('// never Date.now() here\n/* nor new Date() */')).toEqual([]);
    expect(readsOfTheRealClock("const url = 'https://example.org/a'; // Date.now()")).toEqual([]);
    expect(readsOfTheRealClock("await tx.update(t).set({ status: 'done', updatedAt: ctx.now() });")).toEqual(
      [],
    );
    const template = ['sql`update t set at = $', '{ctx.now()} where id = $', '{id}`'].join('');
    expect(readsOfTheRealClock(template)).toEqual([]);
    expect(readsOfTheRealClock("const message = 'Sign in now.';")).toEqual([]);
  });

  it('is read only through the injected clock everywhere in the server', async () => {
    const offenders: string[] = [];
    for (const file of await serverFiles(srcDir)) {
      const relative = path.relative(srcDir, file);
      if (relative === CLOCK_MODULE) continue;
      for (const read of readsOfTheRealClock(await readFile(file, 'utf8')))
        offenders.push(`${relative} ${read}`);
    }
    expect(offenders, 'read the time from the clock you are given (lib/clock.ts), not the machine').toEqual(
      [],
    );
  });
});
