import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/helpers.js';
import { multipartFile } from '../testing/multipart.js';

/**
 * Hostile input for every operation of the served OpenAPI document (and the few hidden routes),
 * as an anonymous caller, a signed-in stranger and a platform admin: wrong types, NUL bytes, lone
 * surrogates, huge and negative numbers, very long strings, odd path parameters, forged cursors,
 * truncated and wrongly typed bodies. Fails on any 5xx and on any error answer that is not
 * `{"error": {"code", "message", "details"}}`.
 *
 * `npm test` walks a seeded sample of the cases of each operation (FUZZ_SAMPLE per operation and
 * caller, seed FUZZ_SEED); `FUZZ_FULL=1` walks every case, as CI does. A new route is walked as
 * soon as it is in the document.
 */
const FULL = process.env.FUZZ_FULL === '1';
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const SAMPLE = Number(process.env.FUZZ_SAMPLE ?? 4);

interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  schema?: JsonSchema;
}
interface JsonSchema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  anyOf?: JsonSchema[];
  items?: JsonSchema;
}
interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  body?: JsonSchema;
}
interface Case {
  what: string;
  path: Record<string, string>;
  query?: string;
  headers?: Record<string, string>;
  payload?: string | Buffer;
}

/** mulberry32: a small seeded generator, so a failing sample can be run again. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

const b64 = (text: string) => Buffer.from(text).toString('base64url');

/** Path segments as sent on the wire (already percent-encoded where they need to be). */
const PATH_VALUES = [
  '1',
  '{self}',
  '0',
  '-1',
  '1.5',
  '1e309',
  'NaN',
  'null',
  '99999999999999999999',
  '9007199254740993',
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%E0%A4%A',
  '%F0%9F%8C%BB',
  '..%2F..%2Fetc%2Fpasswd',
  '%20',
  "1'%20or%20'1'='1",
  '2026-02-30',
  '0x10',
  'x'.repeat(300),
  '9'.repeat(1500),
];

/** Query values, percent-encoded. */
const QUERY_VALUES = [
  '',
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%E0%A4%A',
  '-1',
  '0',
  '1e309',
  '99999999999999999999',
  '1.5',
  'NaN',
  'true',
  'x'.repeat(5_000),
  encodeURIComponent('<script>'),
  '2026-02-30',
  '-91,-181,91,181',
];

/** Forged keyset cursors: the server decodes them and puts what it finds in a query. */
const CURSORS = [
  'garbage',
  b64('{}'),
  b64('null'),
  b64('[null]'),
  b64('["\\u0000", 1]'),
  b64('["\\ud800", 1]'),
  b64('[1e309, "x"]'),
  b64('["2026-13-45T99:99:99Z", -1]'),
  b64('[[], {}, 99999999999999999999]'),
  b64('{"k": ["x"], "id": "y"}'),
  b64('x'.repeat(3000)),
];

/** Hostile values for one JSON field. */
const FIELD_VALUES: unknown[] = [
  null,
  true,
  [],
  {},
  'text',
  '',
  '\u0000',
  'name\u0000with nul',
  'broken \ud800 surrogate',
  '\udfff',
  -1,
  0,
  1.5,
  1e308,
  -1e308,
  2 ** 53 + 1,
  Number.MAX_SAFE_INTEGER,
  '9'.repeat(400),
  'x'.repeat(100_000),
  '2026-02-30',
  '9999-99-99',
  [{ '\u0000': 1 }],
  { nested: { deeper: ['\ud800'] } },
];

/** A plausible value of a schema, so that one hostile field among valid ones reaches deeper code. */
function plausible(schema: JsonSchema | undefined): unknown {
  if (!schema) return 'text';
  if (schema.enum?.length) return schema.enum[0];
  if (schema.anyOf?.length) return plausible(schema.anyOf.find((s) => s.type !== 'null') ?? schema.anyOf[0]);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, v]) => [k, plausible(v)]));
    default:
      if (schema.format === 'email') return 'fuzz@example.org';
      if (schema.format === 'date') return '2026-12-01';
      return 'text';
  }
}

/** Every hostile case of one operation. */
function casesOf(op: Operation): Case[] {
  const pathParams = op.parameters.filter((p) => p.in === 'path').map((p) => p.name);
  const queryParams = op.parameters.filter((p) => p.in === 'query').map((p) => p.name);
  const basePath = Object.fromEntries(pathParams.map((name) => [name, '1']));
  const cases: Case[] = [];
  for (const name of pathParams) {
    for (const value of PATH_VALUES)
      cases.push({ what: `path ${name}=${value.slice(0, 40)}`, path: { ...basePath, [name]: value } });
  }
  for (const name of [...queryParams, 'q']) {
    const values = name === 'cursor' ? CURSORS : QUERY_VALUES;
    for (const value of values) {
      cases.push({ what: `query ${name}=${value.slice(0, 40)}`, path: basePath, query: `${name}=${value}` });
    }
    cases.push({ what: `query ${name} twice`, path: basePath, query: `${name}=1&${name}=2` });
  }
  if (['POST', 'PATCH', 'PUT', 'DELETE'].includes(op.method)) {
    const json = { 'content-type': 'application/json' };
    const base = op.body ? (plausible(op.body) as Record<string, unknown>) : {};
    for (const field of Object.keys(op.body?.properties ?? {})) {
      for (const value of FIELD_VALUES) {
        cases.push({
          what: `body ${field}=${JSON.stringify(value)?.slice(0, 40)}`,
          path: basePath,
          headers: json,
          payload: JSON.stringify({ ...base, [field]: value }),
        });
      }
    }
    const wholeBodies: Array<[string, string]> = [
      ['null body', 'null'],
      ['array body', '[]'],
      ['string body', '"text"'],
      ['number body', '-1e309'],
      ['truncated JSON', '{"a": "b'],
      ['raw lone surrogate', '{"reason": "\\ud800", "title": "\\udc00x"}'],
      ['raw NUL escape', '{"first_name": "\\u0000"}'],
      ['proto pollution', '{"__proto__": {"isIicAdmin": true}}'],
      ['deep nesting', `${'['.repeat(5_000)}${']'.repeat(5_000)}`],
      ['unknown fields', JSON.stringify({ ...base, is_iic_admin: true, id: 1, wallet_amount: 1e9 })],
    ];
    for (const [what, payload] of wholeBodies) cases.push({ what, path: basePath, headers: json, payload });
    cases.push({
      what: 'wrong content type',
      path: basePath,
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    const upload = multipartFile(
      Buffer.from('\x89PNG\r\n\x1a\n'.repeat(4_000), 'binary'),
      'a.png',
      'image/png',
    );
    cases.push({
      what: 'truncated multipart',
      path: basePath,
      headers: upload.headers,
      payload: upload.payload.subarray(0, 600),
    });
    const named = multipartFile(Buffer.from('plain text'), 'bad\u0000name.txt', 'text/plain');
    cases.push({
      what: 'multipart file name with NUL',
      path: basePath,
      headers: named.headers,
      payload: named.payload,
    });
    cases.push({
      what: 'multipart without boundary',
      path: basePath,
      headers: { 'content-type': 'multipart/form-data' },
      payload: '--x\r\n',
    });
    cases.push({
      what: 'hostile idempotency key',
      path: basePath,
      headers: { ...json, 'idempotency-key': 'k'.repeat(300) },
      payload: JSON.stringify(base),
    });
  }
  return cases;
}

function operationsOf(doc: {
  paths: Record<
    string,
    Record<
      string,
      { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }
    >
  >;
}): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      ops.push({
        method: method.toUpperCase(),
        path,
        parameters: op.parameters ?? [],
        body: op.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  // Hidden from the document, reachable all the same.
  ops.push({ method: 'GET', path: '/api/files/{*}', parameters: [{ in: 'path', name: '*' }] });
  ops.push({ method: 'GET', path: '/api/openapi.json', parameters: [] });
  ops.push({ method: 'GET', path: '/api/no/such/route/{x}', parameters: [{ in: 'path', name: 'x' }] });
  return ops;
}

function urlOf(op: Operation, c: Case, selfId: string): string {
  let url = op.path;
  for (const [name, value] of Object.entries(c.path))
    url = url.replace(`{${name}}`, value.replace('{self}', selfId));
  return c.query ? `${url}?${c.query}` : url;
}

function errorFormatProblem(res: LightMyRequestResponse): string | undefined {
  if (res.statusCode >= 500) return `status ${res.statusCode}`;
  if (res.statusCode < 400) return undefined;
  if (!String(res.headers['content-type'] ?? '').startsWith('application/json')) {
    return `content type ${res.headers['content-type']}`;
  }
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    return 'body is not JSON';
  }
  if (typeof body !== 'object' || body === null || Object.keys(body).join() !== 'error')
    return 'not {"error": ...}';
  const error = (body as { error: Record<string, unknown> }).error;
  if (typeof error.code !== 'string' || !/^[A-Z][A-Z0-9_]*$/.test(error.code)) return 'no SNAKE_CASE code';
  if (typeof error.message !== 'string' || error.message === '') return 'no message';
  if (error.details !== undefined && (typeof error.details !== 'object' || error.details === null)) {
    return 'details is not an object';
  }
  const extra = Object.keys(error).filter((key) => !['code', 'message', 'details'].includes(key));
  return extra.length ? `unexpected keys ${extra.join(', ')}` : undefined;
}

const t = useTestApp();
type Caller = { name: string; token?: string; id: string };
const callers: Caller[] = [];

beforeAll(async () => {
  const stranger = await t.createUser();
  const admin = await t.createUser({ isIicAdmin: true, adminType: 1 });
  callers.push(
    { name: 'anonymous', id: '1' },
    { name: 'stranger', token: stranger.token, id: String(stranger.id) },
    { name: 'admin', token: admin.token, id: String(admin.id) },
  );
});

describe('hostile input on every operation', () => {
  it(`answers no 5xx and nothing outside the error format (${FULL ? 'full walk' : `sample of ${SAMPLE} per operation and caller, seed ${SEED}`})`, async () => {
    const doc = (await t.request('GET', '/api/openapi.json')).json();
    const ops = operationsOf(doc);
    expect(ops.length).toBeGreaterThan(90);
    const next = random(SEED);
    const problems: string[] = [];
    let sent = 0;
    for (const op of ops) {
      const cases = casesOf(op);
      for (const caller of callers) {
        const chosen = FULL
          ? cases
          : Array.from(
              { length: Math.min(SAMPLE, cases.length) },
              () => cases[Math.floor(next() * cases.length)] as Case,
            );
        for (const c of chosen) {
          const url = urlOf(op, c, caller.id);
          const res = await t.app.inject({
            method: op.method as 'GET',
            url,
            headers: { ...c.headers, ...(caller.token ? { authorization: `Bearer ${caller.token}` } : {}) },
            ...(c.payload !== undefined ? { payload: c.payload } : {}),
          });
          sent++;
          const problem = errorFormatProblem(res);
          if (problem) {
            problems.push(
              `${caller.name} ${op.method} ${url.slice(0, 120)} [${c.what}] -> ${problem}: ${res.body.slice(0, 160)}`,
            );
          }
        }
      }
    }
    expect(sent).toBeGreaterThan(ops.length);
    expect(problems.slice(0, 40), `${problems.length} problems in ${sent} requests`).toEqual([]);
  }, 600_000);
});
