import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/helpers.js';

/**
 * The wire contract, checked in: every change to a call's path, parameters, body or answer shows in
 * review as a change to docs/openapi.json. `npm run contracts` writes the file anew.
 */
const CONTRACT = fileURLToPath(new URL('../../../../docs/openapi.json', import.meta.url));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('the OpenAPI contract', () => {
  it('is the document the API serves (run `npm run contracts` after changing a call)', async () => {
    const served = `${JSON.stringify((await t.request('GET', '/api/openapi.json')).json(), null, 2)}\n`;
    if (process.env.WRITE_CONTRACTS === '1') await writeFile(CONTRACT, served);
    const checkedIn = await readFile(CONTRACT, 'utf8').catch(() => '');
    expect(served === checkedIn, 'docs/openapi.json differs from the served document').toBe(true);
  });
});
