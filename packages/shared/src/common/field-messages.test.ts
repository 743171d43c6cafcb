import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as shared from '../index.js';
import { fieldMessage } from './field-messages.js';

/** The validator's own words, which people must never read. */
const VALIDATOR_WORDS = /expected|<=|>=|Invalid input|Invalid option|Too big|Too small|Unrecognized|NaN/;

beforeAll(() => {
  // What the API (plugins/errors.ts) and the web (lib/zod-config.ts) configure.
  z.config({ customError: fieldMessage });
});

const messages = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('fieldMessage', () => {
  const cases: [z.ZodType, unknown, string][] = [
    [z.string().max(100), 'x'.repeat(101), 'Use at most 100 characters.'],
    [z.string().max(1), 'xx', 'Use at most 1 character.'],
    [z.string().min(3), 'x', 'Use at least 3 characters.'],
    [z.string().min(1), '', 'This is required.'],
    [z.string().length(6), '12', 'Use exactly 6 characters.'],
    [z.object({ a: z.string() }), {}, 'This is required.'],
    [z.string(), 3, 'Enter this as text.'],
    [z.number(), 'three', 'Enter a number.'],
    [z.number().int(), 2.5, 'Enter a whole number.'],
    [z.number().min(1), -3, 'Enter 1 or more.'],
    [z.number().max(10_000), 10_001, 'Enter 10,000 or less.'],
    [z.number().positive(), 0, 'Enter more than 0.'],
    [z.number().multipleOf(5), 3, 'Enter a multiple of 5.'],
    [z.boolean(), 'yes', 'Choose yes or no.'],
    [z.email(), 'someone@', 'Enter an email address, for example name@example.com.'],
    [z.iso.date(), '31/01/2027', 'Enter a date in the form YYYY-MM-DD, for example 2027-01-31.'],
    [z.enum(['wallet', 'credits']), 'card', 'Choose wallet or credits.'],
    [z.union([z.literal(1), z.literal(2), z.literal(3)]), 4, 'Choose 1, 2 or 3.'],
    [z.array(z.number()).max(100), Array.from({ length: 101 }, () => 1), 'Choose at most 100.'],
    [z.array(z.number()).min(1), [], 'Choose at least one.'],
    [z.object({}).strict(), { id: 1 }, 'Leave out id: it is not accepted here.'],
  ];
  it.each(cases.map(([schema, value, said]) => [said, schema, value] as const))(
    'says "%s"',
    (said, schema, value) => {
      expect(messages(schema, value)).toEqual([said]);
    },
  );

  it('keeps a message written on the schema', () => {
    expect(messages(z.string().max(3, { message: 'Keep it short.' }), 'long')).toEqual(['Keep it short.']);
  });
});

interface Limit {
  where: string;
  schema: z.ZodType;
  kind: 'string' | 'number';
  max?: number;
  min?: number;
}

/** Every string and number with a limit inside a schema, by path. */
function limits(schema: z.ZodType, where: string, out: Limit[], seen: Set<unknown>) {
  if (seen.has(schema)) return;
  seen.add(schema);
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> } })._zod;
  const type = def.def.type as string;
  const inner = (key: string) => def.def[key] as z.ZodType | undefined;
  if (type === 'object') {
    const shape = (schema as unknown as z.ZodObject).shape;
    for (const [key, field] of Object.entries(shape))
      limits(field as z.ZodType, `${where}.${key}`, out, seen);
  } else if (
    ['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional'].includes(type)
  ) {
    const next = inner('innerType');
    if (next) limits(next, where, out, seen);
  } else if (type === 'pipe') {
    for (const side of ['in', 'out']) {
      const next = inner(side);
      if (next) limits(next, where, out, seen);
    }
  } else if (type === 'array') {
    const element = inner('element');
    if (element) limits(element, `${where}[]`, out, seen);
  } else if (type === 'union') {
    for (const option of def.def.options as z.ZodType[]) limits(option, where, out, seen);
  } else if (type === 'record') {
    const value = inner('valueType');
    if (value) limits(value, `${where}{}`, out, seen);
  } else if (type === 'string' || type === 'number') {
    let max: number | undefined;
    let min: number | undefined;
    for (const check of (def.def.checks ?? []) as { _zod: { def: Record<string, unknown> } }[]) {
      const c = check._zod.def;
      if (c.check === 'max_length') max = c.maximum as number;
      if (c.check === 'less_than') max = c.value as number;
      if (c.check === 'greater_than') min = c.value as number;
    }
    const finite = (n: unknown): n is number =>
      typeof n === 'number' && Math.abs(n) < Number.MAX_SAFE_INTEGER;
    if (type === 'string' && finite(max)) out.push({ where, schema, kind: 'string', max });
    if (type === 'number' && (finite(max) || finite(min)))
      out.push({
        where,
        schema,
        kind: 'number',
        ...(finite(max) ? { max } : {}),
        ...(finite(min) ? { min } : {}),
      });
  }
}

const allLimits = (() => {
  const out: Limit[] = [];
  const seen = new Set<unknown>();
  for (const [name, value] of Object.entries(shared)) {
    if (value instanceof z.ZodType) limits(value, name, out, seen);
  }
  return out;
})();

/** The limit as a person may read it: 2000 or 2,000. */
const namesLimit = (message: string, limit: number) =>
  message.includes(String(limit)) || message.includes(limit.toLocaleString('en-GB'));

describe('every shared schema', () => {
  it('has limits to walk', () => {
    expect(allLimits.filter((limit) => limit.kind === 'string').length).toBeGreaterThan(50);
  });

  it('refuses text over its limit with a sentence that names the limit', () => {
    const bad: string[] = [];
    for (const { where, schema, max = 0 } of allLimits.filter((limit) => limit.kind === 'string')) {
      const said = messages(schema, 'x'.repeat(max + 1));
      if (said.length === 0) bad.push(`${where}: took ${max + 1} characters`);
      for (const message of said) if (VALIDATOR_WORDS.test(message)) bad.push(`${where}: ${message}`);
      if (!said.some((message) => namesLimit(message, max))) bad.push(`${where}: ${said.join(' ')}`);
    }
    expect(bad).toEqual([]);
  });

  it('refuses numbers outside their limits with a sentence', () => {
    const bad: string[] = [];
    for (const { where, schema, max, min } of allLimits.filter((limit) => limit.kind === 'number')) {
      for (const value of [max === undefined ? null : max + 1, min === undefined ? null : min - 1, 'x']) {
        if (value === null) continue;
        for (const message of messages(schema, value)) {
          if (VALIDATOR_WORDS.test(message) || !/[.!]$/.test(message))
            bad.push(`${where} ${value}: ${message}`);
        }
      }
    }
    expect(bad).toEqual([]);
  });
});
