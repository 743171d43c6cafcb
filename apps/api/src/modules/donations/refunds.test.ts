import { beforeAll, describe, expect, it } from 'vitest';
import {
  type CharityId,
  giveToProject,
  makeCharityWithProject,
  makeDonor,
  makeEmployee,
  makeOrganisation,
  type Person,
  platformAdmin,
  setMatching,
} from '../../testing/factories.js';
import { countRows, useTestApp } from '../../testing/helpers.js';
import { GOOD_CARD } from '../../testing/money.js';
import { account, PLATFORM } from '../ledger/index.js';

const clock = { now: new Date('2026-06-10T10:00:00Z') };
const t = useTestApp({}, { now: () => clock.now });

let platform: Person;
let charity: { charityId: CharityId; admin: Person; projectId: number };
let other: { charityId: CharityId; admin: Person; projectId: number };

const refund = (who: Person, donationId: number, body: Record<string, unknown>, key?: string) =>
  t.request('POST', `/api/donation/${donationId}/refund`, {
    token: who.token,
    body,
    ...(key ? { headers: { 'idempotency-key': key } } : {}),
  });
const wallet = async (who: Person) =>
  (await t.request('GET', '/api/user/wallet', { token: who.token })).json();
const raised = async (projectId = charity.projectId) =>
  Number((await t.request('GET', `/api/project/${projectId}`)).json().funds_raised);
const donation = async (who: Person, id: number) =>
  (await t.request('GET', `/api/user/donation/${id}`, { token: who.token })).json().donation;
const funds = async (charityId: number = charity.charityId) =>
  (await t.request('GET', `/api/charity/funds/${charityId}`, { token: charity.admin.token })).json();
const count = (table: string, where?: string) => countRows(t, table, where);
const cardGift = async (who: Person, amount: number, projectId = charity.projectId) => {
  const res = await t.request('POST', `/api/user/donate/project/${projectId}`, {
    token: who.token,
    body: { type: 2, amount, source: 'card', card: GOOD_CARD },
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json().donation;
};
const sandboxEvent = (body: Record<string, unknown>) =>
  t.request('POST', '/api/sandbox/events', { token: platform.token, body });

beforeAll(async () => {
  platform = await platformAdmin(t);
  charity = await makeCharityWithProject(t, { name: 'Refund Trust', platform }, { title: 'Refund project' });
  other = await makeCharityWithProject(t, { name: 'Other Trust', platform }, { title: 'Other project' });
});

describe('a refund by the charity', () => {
  it('gives part of a wallet gift back, lowers the project, numbers a credit note and mails it', async () => {
    const donor = await makeDonor(t, 10_000);
    const { donation: gift } = await giveToProject(t, donor, charity.projectId, 6_000);
    const before = await raised();
    const res = await refund(charity.admin, gift.id, { amount: 2_000, reason: 'Given twice by mistake' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ donation_id: gift.id, refunded_amount: 2_000, status: 80 });
    expect(body.refund).toMatchObject({
      amount: 2_000,
      status: 'succeeded',
      to: 'wallet',
      origin: 'kindred',
      reason: 'Given twice by mistake',
      by: { id: charity.admin.id },
    });
    expect(body.refund.credit_note_number).toMatch(/^KC-2026-\d{7}$/);
    expect((await wallet(donor)).wallet_amount).toBe(4_000 + 2_000);
    expect(await raised()).toBe(before - 2_000);
    const shown = await donation(donor, gift.id);
    expect(shown).toMatchObject({ refunded_amount: 2_000, status: 80, dispute: null });
    expect(shown.refunds).toHaveLength(1);
    const mails = await t.outbox();
    expect(
      mails.some((mail) => mail.to === donor.email && mail.subject.includes(body.refund.credit_note_number)),
    ).toBe(true);
    // The giver downloads the credit note; so does the charity; a stranger cannot.
    for (const who of [donor, charity.admin]) {
      const pdf = await t.request('GET', `/api/donation/${gift.id}/refunds/${body.refund.id}/credit_note`, {
        token: who.token,
      });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
    const stranger = await t.createUser();
    expect(
      (
        await t.request('GET', `/api/donation/${gift.id}/refunds/${body.refund.id}/credit_note`, {
          token: stranger.token,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('refunds the rest without an amount and ends the gift at 90; nothing is left after', async () => {
    const donor = await makeDonor(t, 5_000);
    const { donation: gift } = await giveToProject(t, donor, charity.projectId, 5_000);
    await refund(charity.admin, gift.id, { amount: 1_000, reason: 'Part' });
    const rest = await refund(charity.admin, gift.id, { reason: 'The rest' });
    expect(rest.statusCode).toBe(201);
    expect(rest.json()).toMatchObject({ refunded_amount: 5_000, status: 90 });
    expect(rest.json().refund.amount).toBe(4_000);
    expect((await wallet(donor)).wallet_amount).toBe(5_000);
    const again = await refund(charity.admin, gift.id, { reason: 'Once more' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('NOT_REFUNDABLE');
    // The receipt stays, with its credit notes beside it.
    const receipt = await t.request('GET', `/api/user/donation/${gift.id}/receipt`, { token: donor.token });
    expect(receipt.statusCode).toBe(200);
  });

  it('refuses more than is left, beside the amount, and moves nothing', async () => {
    const donor = await makeDonor(t, 3_000);
    const { donation: gift } = await giveToProject(t, donor, charity.projectId, 3_000);
    const res = await refund(charity.admin, gift.id, { amount: 3_001, reason: 'Too much' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'REFUND_TOO_LARGE',
      details: { fields: { amount: expect.stringContaining('₹30') } },
    });
    expect((await wallet(donor)).wallet_amount).toBe(0);
    expect(await count('donation_refunds', `donation_id = ${gift.id}`)).toBe(0);
    const blank = await refund(charity.admin, gift.id, { reason: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.details.fields.reason).toBeTruthy();
  });

  it('is refused to the giver, another charity’s admins and visitors, and allowed to platform admins', async () => {
    const donor = await makeDonor(t, 3_000);
    const { donation: gift } = await giveToProject(t, donor, charity.projectId, 3_000);
    expect((await refund(donor, gift.id, { reason: 'Mine' })).statusCode).toBe(403);
    expect((await refund(other.admin, gift.id, { reason: 'Not ours' })).statusCode).toBe(403);
    const visitor = await t.request('POST', `/api/donation/${gift.id}/refund`, { body: { reason: 'x' } });
    expect(visitor.statusCode).toBe(401);
    expect((await refund(charity.admin, 987_654, { reason: 'None' })).statusCode).toBe(404);
    const byPlatform = await refund(platform, gift.id, { amount: 500, reason: 'Fraud check' });
    expect(byPlatform.statusCode).toBe(201);
    // A platform admin finds any gift by its number, with its refunds.
    const found = await t.request('GET', `/api/admin/donation/${gift.id}`, { token: platform.token });
    expect(found.json().donation).toMatchObject({ id: gift.id, refunded_amount: 500 });
    expect(
      (await t.request('GET', `/api/admin/donation/${gift.id}`, { token: donor.token })).statusCode,
    ).toBe(403);
    // Only a platform admin may pay from the platform's own funds.
    const asCharity = await refund(charity.admin, gift.id, { amount: 500, reason: 'x', from_platform: true });
    expect(asCharity.statusCode).toBe(403);
  });

  it('refuses a gift still waiting for the platform’s review: it is declined instead', async () => {
    const donor = await makeDonor(t, 6_000_000);
    const big = await t.request('POST', `/api/user/donate/charity/${charity.charityId}`, {
      token: donor.token,
      body: { type: 2, amount: 5_000_001 },
    });
    expect(big.json().donation.status).toBe(40);
    const res = await refund(charity.admin, big.json().donation.id, { reason: 'Waiting' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'NOT_REFUNDABLE',
      message: expect.stringContaining('decline it'),
    });
  });

  it('gives credits back as credits and an organisation’s gift to its wallet', async () => {
    const donor = await t.createUser();
    await t.request('POST', `/api/admin/user/${donor.id}/deposit`, {
      token: platform.token,
      body: { amount: 2_000, kind: 'credits', reason: 'Welcome credits' },
    });
    const gift = await t.request('POST', `/api/user/donate/project/${charity.projectId}`, {
      token: donor.token,
      body: { type: 2, amount: 2_000, source: 'credits' },
    });
    const res = await refund(charity.admin, gift.json().donation.id, { reason: 'Back' });
    expect(res.json().refund.to).toBe('credits');
    expect(await wallet(donor)).toMatchObject({ credits: 2_000, wallet_amount: 0 });

    const org = await makeOrganisation(t, platform, {
      funds: 10_000,
      members: [{ role: 99, signoff: true }],
    });
    const asked = await t.request('POST', `/api/business/${org.id}/donate/project/${charity.projectId}`, {
      token: org.owner.token,
      body: { type: 2, amount: 4_000 },
    });
    const id = asked.json().donation.id;
    const signoff = org.members[0] as Person;
    const approved = await t.request('POST', `/api/business/${org.id}/approve_donations`, {
      token: signoff.token,
      body: { action: 'approve', donation_ids: [id] },
    });
    expect(approved.statusCode).toBe(200);
    const back = await refund(charity.admin, id, { amount: 1_500, reason: 'Partly back' });
    expect(back.statusCode).toBe(201);
    const balances = await t.ctx.ledger.balances(t.ctx.database.db, {
      ownerType: 'business',
      ownerId: org.id,
    });
    expect(balances.wallet).toBe(6_000 + 1_500);
  });
});

describe('a refund to a card', () => {
  it('goes back through the provider, leaves the wallet as it was, and a retry never refunds twice', async () => {
    const donor = await t.createUser();
    const gift = await cardGift(donor, 5_000);
    // The same request twice, with the same Idempotency-Key.
    const refundOnce = () =>
      refund(charity.admin, gift.id, { amount: 2_000, reason: 'Card back' }, 'refund-key-1');
    const first = await refundOnce();
    expect(first.statusCode).toBe(201);
    expect(first.json().refund).toMatchObject({ to: 'card', status: 'succeeded', amount: 2_000 });
    const again = await refundOnce();
    expect(again.statusCode).toBe(201);
    expect(again.json().refund.id).toBe(first.json().refund.id);
    expect(await count('donation_refunds', `donation_id = ${gift.id}`)).toBe(1);
    expect(await count('sandbox_refunds', `reference = '${first.json().refund.id}'`)).toBe(1);
    expect((await wallet(donor)).wallet_amount).toBe(0);
    // Nothing is left aside once the card has its money.
    expect((await funds()).held).toBe(0);
  });

  it('of a guest’s gift mails the credit note with the gift’s own link', async () => {
    const res = await t.request('POST', `/api/guest/donate/project/${charity.projectId}`, {
      body: {
        email: 'guest.refund@example.org',
        first_name: 'Gail',
        last_name: 'Guest',
        amount: 3_000,
        card: GOOD_CARD,
      },
      headers: { 'idempotency-key': 'guest-refund-1' },
    });
    expect(res.statusCode).toBe(201);
    const gift = res.json().donation;
    const back = await refund(charity.admin, gift.id, { reason: 'Asked by mail' });
    expect(back.json()).toMatchObject({ status: 90, refunded_amount: 3_000 });
    const mails = (await t.outbox()).filter((m) => m.to === 'guest.refund@example.org');
    expect(mails).toHaveLength(2);
    const note = mails.find((m) => m.text.includes('Credit note number: KC-'));
    expect(note?.text).toMatch(/See your gift and download the credit note \(PDF\): http\S+\/manage\//);
    // The link opens the credit note without signing in.
    const token = /\/manage\/(\S+)/.exec(note?.text ?? '')?.[1];
    const refundId = back.json().refund.id;
    const pdf = await t.request('GET', `/api/manage/${token}/credit_note/${refundId}`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await t.request('GET', `/api/manage/${token}x/credit_note/${refundId}`)).statusCode).toBe(404);
  });

  it('a guest asks for from the gift’s link', async () => {
    const res = await t.request('POST', `/api/guest/donate/project/${charity.projectId}`, {
      body: {
        email: 'guest.ask@example.org',
        first_name: 'Gus',
        last_name: 'Guest',
        amount: 2_000,
        card: GOOD_CARD,
      },
      headers: { 'idempotency-key': 'guest-ask-1' },
    });
    const receipt = (await t.outbox()).find((m) => m.to === 'guest.ask@example.org');
    const token = /\/manage\/(\S+)/.exec(receipt?.text ?? '')?.[1];
    const asked = await t.request('POST', `/api/manage/${token}/refund_request`, {
      body: { reason: 'I meant to give to another project' },
    });
    expect(asked.statusCode).toBe(201);
    expect(asked.json().refund_request).toMatchObject({
      status: 'open',
      donation_id: res.json().donation.id,
    });
  });
});

describe('what follows a refund', () => {
  it('reduces the employer’s match in proportion', async () => {
    const org = await makeOrganisation(t, platform, {
      funds: 50_000,
      members: [{ role: 99, signoff: true }],
    });
    await setMatching(t, org, { ratio_percent: 50, annual_budget: 200_000 });
    const employee = await makeEmployee(t, org, 8_000);
    const { donation: gift } = await giveToProject(t, employee, charity.projectId, 8_000);
    await t.settle();
    const match = (
      await t.request('GET', `/api/business/${org.id}/matching/donations`, { token: org.owner.token })
    ).json().items[0];
    expect(match?.amount).toBe(4_000);
    await refund(charity.admin, gift.id, { amount: 2_000, reason: 'A quarter back' });
    const matches = (
      await t.request('GET', `/api/business/${org.id}/matching/donations`, { token: org.owner.token })
    ).json().items;
    expect(matches[0]).toMatchObject({ amount: 4_000, refunded_amount: 1_000 });
  });

  it('reduces unclaimed Gift Aid, and deducts claimed Gift Aid from the next claim', async () => {
    const donor = await makeDonor(t, 20_000);
    await t.request('POST', '/api/user/gift_aid_declaration', {
      token: donor.token,
      body: {
        charity_id: charity.charityId,
        first_name: 'Ann',
        last_name: 'Giver',
        house: '1',
        address: '1 High St',
        post_code: 'AB1 2CD',
        confirm: true,
      },
    });
    const give = async (amount: number) =>
      (
        await t.request('POST', `/api/user/donate/project/${charity.projectId}`, {
          token: donor.token,
          body: { type: 2, amount, gift_aid: true },
        })
      ).json().donation;
    const unclaimed = await give(4_000);
    expect(unclaimed.gift_aid_amount).toBe(1_000);
    await refund(charity.admin, unclaimed.id, { amount: 2_000, reason: 'Half' });
    expect((await donation(donor, unclaimed.id)).gift_aid_amount).toBe(500);

    const claim = await t.request('POST', `/api/charity/${charity.charityId}/gift_aid/claims`, {
      token: charity.admin.token,
    });
    expect(claim.statusCode).toBe(201);
    await refund(charity.admin, unclaimed.id, { amount: 1_000, reason: 'A quarter more' });
    const waiting = await t.request('GET', `/api/charity/${charity.charityId}/gift_aid/unclaimed`, {
      token: charity.admin.token,
    });
    expect(waiting.json().adjustment).toBe(250);
    await give(8_000);
    const next = await t.request('POST', `/api/charity/${charity.charityId}/gift_aid/claims`, {
      token: charity.admin.token,
    });
    expect(next.json().claim).toMatchObject({ adjustment: 250, gift_aid: 2_000 - 250 });
  });
});

describe('money already paid out', () => {
  it('is refunded only by a platform admin, from the platform’s own funds, with the reason kept', async () => {
    const made = await makeCharityWithProject(t, { name: 'Paid Trust', platform }, { title: 'Paid project' });
    const donor = await makeDonor(t, 5_000);
    const gift = await t.request('POST', `/api/user/donate/charity/${made.charityId}`, {
      token: donor.token,
      body: { type: 2, amount: 5_000 },
    });
    const id = gift.json().donation.id;
    // Delivered (80 -> 85), then its money leaves for the charity's bank, as a payout moves it.
    await t.request('POST', '/api/admin/complete', { token: platform.token, body: { donation_ids: [id] } });
    await t.ctx.database.db.transaction((tx) =>
      t.ctx.ledger.transfer(
        tx,
        account({ ownerType: 'charity', ownerId: made.charityId }, 'charity_funds'),
        PLATFORM.manual,
        5_000,
        {
          kind: 'test_payout',
          description: 'paid out',
        },
      ),
    );
    const refused = await refund(made.admin, id, { reason: 'Too late' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('ALREADY_PAID_OUT');
    const byPlatform = await refund(platform, id, { reason: 'Goodwill after payout', from_platform: true });
    expect(byPlatform.statusCode).toBe(201);
    expect(byPlatform.json().refund).toMatchObject({ from_platform: true, reason: 'Goodwill after payout' });
    expect((await wallet(donor)).wallet_amount).toBe(5_000);
    // Put the test's payout back, so the books of this file stay whole.
    await t.ctx.database.db.transaction((tx) =>
      t.ctx.ledger.transfer(
        tx,
        PLATFORM.manual,
        account({ ownerType: 'charity', ownerId: made.charityId }, 'charity_funds'),
        5_000,
        {
          kind: 'test_payout',
          description: 'paid out, undone',
        },
      ),
    );
  });
});

describe('concurrent refunds of one gift', () => {
  it('never refund more than the gift', async () => {
    const donor = await makeDonor(t, 10_000);
    const { donation: gift } = await giveToProject(t, donor, charity.projectId, 10_000);
    const results = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        refund(charity.admin, gift.id, { amount: 4_000, reason: `At once ${i}` }),
      ),
    );
    const made = results.filter((res) => res.statusCode === 201);
    expect(made).toHaveLength(2);
    expect(results.filter((res) => res.statusCode === 409)).toHaveLength(2);
    expect((await donation(donor, gift.id)).refunded_amount).toBe(8_000);
  });

  it('of a card gift never refund the card more than the gift', async () => {
    const donor = await t.createUser();
    const gift = await cardGift(donor, 6_000);
    const results = await Promise.all(
      Array.from({ length: 3 }, (_, i) =>
        refund(charity.admin, gift.id, { amount: 4_000, reason: `Card at once ${i}` }),
      ),
    );
    expect(results.filter((res) => res.statusCode === 201)).toHaveLength(1);
    expect(
      await count(
        'sandbox_refunds',
        `amount = 4000 and reference in (select id::text from donation_refunds where donation_id = ${gift.id})`,
      ),
    ).toBe(1);
  });
});

describe('a giver’s request for a refund', () => {
  it('is answered by the charity: accepted, the rest is refunded; declined, the giver sees why', async () => {
    const donor = await makeDonor(t, 6_000);
    const { donation: first } = await giveToProject(t, donor, charity.projectId, 3_000);
    const { donation: second } = await giveToProject(t, donor, charity.projectId, 3_000);
    const ask = (id: number, reason = 'I gave to the wrong project') =>
      t.request('POST', `/api/donation/${id}/refund_request`, { token: donor.token, body: { reason } });
    expect((await ask(first.id)).statusCode).toBe(201);
    expect((await ask(first.id)).json().error.code).toBe('REFUND_REQUEST_OPEN');
    expect((await ask(second.id, 'Changed my mind')).statusCode).toBe(201);
    const stranger = await t.createUser();
    expect(
      (
        await t.request('POST', `/api/donation/${first.id}/refund_request`, {
          token: stranger.token,
          body: { reason: 'x' },
        })
      ).statusCode,
    ).toBe(404);

    const inbox = await t.request('GET', `/api/charity/${charity.charityId}/refund_requests?status=open`, {
      token: charity.admin.token,
    });
    expect(inbox.statusCode).toBe(200);
    const items = inbox.json().items as Array<{ id: number; donation: { id: number } }>;
    const [forSecond, forFirst] = items;
    /** The charity's answer to a request. */
    const answer = (requestId: number | undefined, body: { action: string; reason?: string }) =>
      t.request('POST', `/api/charity/${charity.charityId}/refund_requests/${requestId}`, {
        token: charity.admin.token,
        body,
      });
    expect(forFirst?.donation.id).toBe(first.id);
    expect(forSecond?.donation.id).toBe(second.id);

    const accepted = await answer(forFirst?.id, { action: 'accept' });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({
      refund_request: { status: 'accepted' },
      refund: { amount: 3_000 },
    });
    expect((await donation(donor, first.id)).status).toBe(90);

    const noReason = await answer(forSecond?.id, { action: 'decline' });
    expect(noReason.statusCode).toBe(400);
    await answer(forSecond?.id, {
      action: 'decline',
      reason: 'The project has already bought the tools with it.',
    });
    expect((await donation(donor, second.id)).refund_request).toMatchObject({
      status: 'declined',
      answer: 'The project has already bought the tools with it.',
    });
    const twice = await answer(forSecond?.id, { action: 'accept' });
    expect(twice.json().error.code).toBe('REFUND_REQUEST_ANSWERED');
    expect((await wallet(donor)).wallet_amount).toBe(3_000);
  });

  it('is refused after 30 days', async () => {
    const donor = await makeDonor(t, 1_000);
    const { donation: gift } = await giveToProject(t, donor, charity.projectId, 1_000);
    const saved = clock.now;
    clock.now = new Date(saved.getTime() + 31 * 86_400_000);
    await t.signIn(donor);
    try {
      const res = await t.request('POST', `/api/donation/${gift.id}/refund_request`, {
        token: donor.token,
        body: { reason: 'Late' },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().error.code).toBe('REFUND_REQUEST_TOO_LATE');
    } finally {
      clock.now = saved;
    }
  });
});

describe('the provider’s events, raised by the sandbox', () => {
  it('mirrors each refund made in the provider’s dashboard once', async () => {
    const donor = await t.createUser();
    const gift = await cardGift(donor, 4_000);
    const res = await sandboxEvent({ type: 'charge.refunded', payment_id: gift.payment_id, amount: 1_500 });
    expect(res.statusCode).toBe(200);
    expect(res.json().donation).toMatchObject({ refunded_amount: 1_500 });
    expect(res.json().donation.refunds[0]).toMatchObject({ origin: 'provider', to: 'card', amount: 1_500 });
    // A second refund at the provider: the first is not mirrored again, the second is.
    const second = await sandboxEvent({ type: 'charge.refunded', payment_id: gift.payment_id, amount: 500 });
    expect(second.json().donation.refunded_amount).toBe(2_000);
    expect(await count('donation_refunds', `donation_id = ${gift.id}`)).toBe(2);
  });

  it('holds a disputed gift, then a lost dispute refunds it without a second provider refund', async () => {
    const donor = await t.createUser();
    const gift = await cardGift(donor, 5_000);
    const before = await funds();
    const opened = await sandboxEvent({ type: 'charge.dispute.created', payment_id: gift.payment_id });
    expect(opened.json().donation.dispute).toEqual({ status: 'open', amount: 5_000 });
    expect((await funds()).held).toBe(before.held + 5_000);
    // A refund waits for the dispute's outcome.
    expect((await refund(charity.admin, gift.id, { reason: 'During dispute' })).json().error.code).toBe(
      'DISPUTE_OPEN',
    );
    const lost = await sandboxEvent({
      type: 'charge.dispute.closed',
      payment_id: gift.payment_id,
      outcome: 'lost',
    });
    expect(lost.json().donation).toMatchObject({
      status: 90,
      refunded_amount: 5_000,
      dispute: { status: 'lost' },
    });
    expect(lost.json().donation.refunds[0]).toMatchObject({ origin: 'dispute', to: 'card' });
    expect(
      await count(
        'sandbox_refunds',
        `payment_id = (select provider_payment_id from payments where id = ${gift.payment_id})`,
      ),
    ).toBe(0);
    expect((await funds()).held).toBe(before.held);
  });

  it('releases the money of a dispute won', async () => {
    const donor = await t.createUser();
    const gift = await cardGift(donor, 2_500);
    const before = await raised();
    await sandboxEvent({ type: 'charge.dispute.created', payment_id: gift.payment_id });
    const won = await sandboxEvent({
      type: 'charge.dispute.closed',
      payment_id: gift.payment_id,
      outcome: 'won',
    });
    expect(won.json().donation).toMatchObject({ status: 80, refunded_amount: 0, dispute: { status: 'won' } });
    expect(await raised()).toBe(before);
    expect((await funds()).held).toBe(0);
  });

  it('handles a dispute closed before its opening arrives', async () => {
    const donor = await t.createUser();
    const gift = await cardGift(donor, 3_000);
    const lost = await sandboxEvent({
      type: 'charge.dispute.closed',
      payment_id: gift.payment_id,
      outcome: 'lost',
    });
    expect(lost.json().donation).toMatchObject({ status: 90, dispute: { status: 'lost', amount: 3_000 } });
    expect(await count('donation_disputes', `donation_id = ${gift.id}`)).toBe(1);
  });

  it('are raised only by platform admins, only with the sandbox', async () => {
    const donor = await t.createUser();
    const gift = await cardGift(donor, 1_000);
    const res = await t.request('POST', '/api/sandbox/events', {
      token: donor.token,
      body: { type: 'charge.refunded', payment_id: gift.payment_id },
    });
    expect(res.statusCode).toBe(403);
    const bad = await sandboxEvent({ type: 'charge.dispute.closed', payment_id: gift.payment_id });
    expect(bad.statusCode).toBe(400);
  });
});
