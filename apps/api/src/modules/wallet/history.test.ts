import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundOrganisation, makeDonor, makeGivingSetUp } from '../../testing/factories.js';
import { createTestApp, type TestApp } from '../../testing/helpers.js';
import { createBusiness } from '../../testing/money.js';
import { addBusinessMember } from '../../testing/organisations.js';
import { checkLedger } from '../ledger/ledger.check.js';

/* A wallet's history names each movement and shows a held gift as one line (docs/decisions/034). */

let t: TestApp;
const clock = new Date('2026-11-22T09:00:00Z');
const today = clock.toISOString().slice(0, 10);
let platform: Awaited<ReturnType<TestApp['createUser']>>;
let charityId: number;
let projectId: number;

interface Line {
  description: string;
  kind: string;
  amount: number;
  account: string;
  gift: { state: string | null; held_amount: number | null; project: { name: string } | null } | null;
}

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
  ({ platform, charityId, projectId } = await makeGivingSetUp(t, 'River Trust', {
    title: 'Clean Rivers',
    fields: { description: 'We clear the river.', end_date: '2026-12-30' },
  }));
});
afterAll(async () => {
  expect(await checkLedger(t.ctx.database.db)).toEqual([]);
  await t.close();
});

async function history(token: string, path: string, query = ''): Promise<Line[]> {
  const res = await t.request('GET', `${path}/${today}/${today}${query}`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items;
}

describe('the names in a wallet history', () => {
  it("names a person's top-up and gifts by project and charity", async () => {
    const person = await makeDonor(t, 50_000);
    const toProject = await t.request('POST', `/api/user/donate/project/${projectId}`, {
      token: person.token,
      body: { type: 2, amount: 2_000 },
    });
    expect(toProject.statusCode, toProject.body).toBe(201);
    const toCharity = await t.request('POST', `/api/user/donate/charity/${charityId}`, {
      token: person.token,
      body: { type: 2, amount: 1_000 },
    });
    expect(toCharity.statusCode, toCharity.body).toBe(201);
    const lines = await history(person.token, '/api/user/payments');
    expect(lines.map((line) => [line.description, line.amount])).toEqual([
      ['Gift to River Trust', -1_000],
      ['Gift to Clean Rivers (River Trust)', -2_000],
      ['Card top-up', 50_000],
    ]);
    expect(lines[1]?.gift).toMatchObject({ project: { name: 'Clean Rivers' }, state: null });
    const csv = await t.request('GET', `/api/user/statement/${today}/${today}`, { token: person.token });
    expect(csv.body).toContain(',Gift to Clean Rivers (River Trust),donation,wallet,-20.00,INR,');
    expect(csv.body).toContain(',Card top-up,deposit,wallet,500.00,INR,');
  });

  it("shows an organisation's held, given and released gifts as one line each, and names its moves", async () => {
    const owner = await t.createUser();
    const acme = await createBusiness(t, owner.id, { name: 'Acme Ltd' });
    const north = await createBusiness(t, owner.id, { name: 'Acme North', parentId: acme });
    const signer = await addBusinessMember(t, acme, 2, clock, { signoff: true });
    await fundOrganisation(t, platform, acme, 100_000);
    const give = async (amount: number) => {
      const res = await t.request('POST', `/api/business/${acme}/donate/project/${projectId}`, {
        token: owner.token,
        body: { type: 2, amount },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().donation.id as number;
    };
    const decide = async (id: number, action: 'approve' | 'reject') => {
      const res = await t.request('POST', `/api/business/${acme}/approve_donations`, {
        token: signer.token,
        body: { donation_ids: [id], action, ...(action === 'reject' ? { reason: 'Not this year' } : {}) },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    const given = await give(10_000);
    await decide(given, 'approve');
    const released = await give(20_000);
    await decide(released, 'reject');
    await give(30_000);
    const moved = await t.request('POST', '/api/organisation/transfer_funds', {
      token: owner.token,
      body: { from_business_id: acme, to_business_id: north, amount: 5_000 },
    });
    expect(moved.statusCode, moved.body).toBe(200);

    const lines = await history(owner.token, `/api/business/${acme}/payments`);
    expect(
      lines.map((line) => [line.description, line.account, line.amount, line.gift?.state ?? null]),
    ).toEqual([
      ['Moved to Acme North', 'wallet', -5_000, null],
      ['Gift to Clean Rivers (River Trust)', 'wallet', -30_000, 'held_signoff'],
      ['Gift to Clean Rivers (River Trust)', 'wallet', 0, 'released'],
      ['Gift to Clean Rivers (River Trust)', 'wallet', -10_000, 'given'],
      ['Deposit recorded by Kindred: Opening balance', 'wallet', 100_000, null],
    ]);
    expect(lines[2]?.gift?.held_amount).toBe(20_000);
    // The lines add up to the wallet's change: what is held is not available.
    const wallet = (await t.request('GET', `/api/business/wallet/${acme}`, { token: owner.token })).json();
    expect(lines.reduce((sum, line) => sum + line.amount, 0)).toBe(wallet.wallet_amount);
    const northLines = await history(owner.token, `/api/business/${north}/payments`);
    expect(northLines.map((line) => line.description)).toEqual(['Moved from Acme Ltd']);

    // Paged two at a time, the same lines come in the same order, each once.
    const paged: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const res = await t.request('GET', `/api/business/${acme}/payments/${today}/${today}${query}`, {
        token: owner.token,
      });
      const page = res.json();
      paged.push(...page.items.map((line: Line) => `${line.description} ${line.amount}`));
      cursor = page.next_cursor;
    } while (cursor);
    expect(paged).toEqual(lines.map((line) => `${line.description} ${line.amount}`));

    // Asking for the held account itself shows its own entries.
    const held = await history(owner.token, `/api/business/${acme}/payments`, '?account=held');
    expect(held.map((line) => [line.kind, line.amount])).toEqual([
      ['donation_hold', 30_000],
      ['donation_release', -20_000],
      ['donation_hold', 20_000],
      ['donation_capture', -10_000],
      ['donation_hold', 10_000],
    ]);

    const csv = await t.request('GET', `/api/business/${acme}/statement/${today}/${today}`, {
      token: owner.token,
    });
    expect(csv.body.split('\r\n')[0]).toBe('date,description,type,account,amount,currency,status');
    expect(csv.body).toContain(',Gift to Clean Rivers (River Trust),donation_hold,wallet,-100.00,INR,Given');
    expect(csv.body).toContain(',Gift to Clean Rivers (River Trust),donation_hold,wallet,0.00,INR,Released');
    expect(csv.body).toContain(
      ',Gift to Clean Rivers (River Trust),donation_hold,wallet,-300.00,INR,Held awaiting sign-off',
    );
    expect(csv.body).toContain(',Moved to Acme North,transfer,wallet,-50.00,INR,');
  });
});
