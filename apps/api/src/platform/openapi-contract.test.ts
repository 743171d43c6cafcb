import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/helpers.js';

/**
 * The wire contract, checked in: every change to a call's path, parameters, body or answer shows in
 * review as a change to docs/openapi.json. `npm run contracts` writes the file anew.
 */
const CONTRACT = fileURLToPath(new URL('../../../../docs/openapi.json', import.meta.url));

const t = useTestApp();

describe('the OpenAPI contract', () => {
  it('is the document the API serves (run `npm run contracts` after changing a call)', async () => {
    const served = `${JSON.stringify((await t.request('GET', '/api/openapi.json')).json(), null, 2)}\n`;
    if (process.env.WRITE_CONTRACTS === '1') await writeFile(CONTRACT, served);
    const checkedIn = await readFile(CONTRACT, 'utf8').catch(() => '');
    expect(served === checkedIn, 'docs/openapi.json differs from the served document').toBe(true);
  });
});

/**
 * The calls that move money on a caller's request: each honours an Idempotency-Key
 * (docs/product/wire-contract.md#idempotency).
 */
const MONEY_CALLS = [
  'POST /api/admin/user/{id}/deposit',
  'POST /api/admin/business/{id}/deposit',
  'POST /api/admin/business/{id}/cc',
  'POST /api/organisation/transfer_funds',
  'POST /api/user/deposit',
  'POST /api/user/deposit/confirm',
  'POST /api/business/{id}/deposit',
  'POST /api/business/{id}/confirm',
  'POST /api/user/create_direct_debit',
  'POST /api/business/direct_debit/{id}',
  'POST /api/user/donate/project/{id}',
  'POST /api/user/donate/charity/{id}',
  'POST /api/business/{id}/donate/project/{target_id}',
  'POST /api/business/{id}/donate/charity/{target_id}',
  'POST /api/payment/{id}/confirm',
  'POST /api/guest/donate/project/{id}',
  'POST /api/guest/donate/charity/{id}',
  'POST /api/guest/payment/{id}/confirm',
  'POST /api/admin/business/{id}/subscription',
  'POST /api/business/{id}/subscription',
  'POST /api/business/{id}/subscription_with_direct_debit',
  'POST /api/donation/{id}/refund',
  'POST /api/charity/{id}/refund_requests/{request_id}',
  'POST /api/charity/{id}/payouts',
  'POST /api/admin/payouts/approve',
];

describe('money calls in the OpenAPI document', () => {
  it('name their Idempotency-Key header, and only they do', async () => {
    const document = (await t.request('GET', '/api/openapi.json')).json() as {
      paths: Record<string, Record<string, { parameters?: Array<{ in: string; name: string }> }>>;
    };
    const withKey = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) =>
          (operation.parameters ?? []).some((p) => p.in === 'header' && p.name === 'idempotency-key'),
        )
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(withKey.sort()).toEqual([...MONEY_CALLS].sort());
  });
});
