import type { ReconciliationReport } from '@kindred/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { expectForPlatformAdminsOnly } from '@/testing/admin';
import { fixtureOf } from '@/testing/fixtures';
import { errorResponse, jsonResponse, type Route, stubFetch } from '@/testing/http';
import { renderRoutes, textsOf } from '@/testing/render';
import { sessionClearedAfterEachTest, signInAsPlatformUser } from '@/testing/session';
import type { Mismatch, ReconciliationRun } from '../api/get-reconciliation';
import { dayRange, problemSentence, runSentence } from '../lib/words';
import { ReconciliationScreen } from './reconciliation-screen';

const routes = [{ path: '/admin/reconciliation', element: <ReconciliationScreen /> }];

/** Midday in UTC, so the days read the same in any time zone the tests run in. */
const run = fixtureOf<ReconciliationRun>(() => ({
  ran_at: '2026-12-02T12:00:05.000Z',
  since: '2026-11-29T12:00:00.000Z',
  until: '2026-12-02T12:00:00.000Z',
  provider: 'sandbox',
  provider_records: 7,
  matched: 7,
  mismatches: 0,
}));

const mismatch = fixtureOf<Mismatch>(() => ({
  id: 1,
  kind: 'refund',
  provider_id: 're_sbx_41',
  problem: 'missing_in_books',
  provider_amount: 500,
  books_amount: null,
  payment_id: 'pi_sbx_8',
  first_seen_at: '2026-11-30T12:00:00.000Z',
  last_seen_at: '2026-12-02T12:00:00.000Z',
}));

const config = () =>
  jsonResponse({
    currency: 'INR',
    payment_provider: 'sandbox',
    stripe_publishable_key: null,
    map_tile_url: '/tiles/{z}/{x}/{y}.png',
  });

function stubReport(report: Route | ReconciliationReport) {
  return stubFetch({
    'GET /api/config': config,
    'GET /api/admin/reconciliation': typeof report === 'function' ? report : () => jsonResponse(report),
  });
}

const disagreements: Mismatch[] = [
  mismatch(),
  mismatch({
    id: 2,
    kind: 'charge',
    provider_id: 'pi_sbx_9',
    problem: 'amount_differs',
    provider_amount: 3_000,
    books_amount: 3_001,
    payment_id: 'pi_sbx_9',
    first_seen_at: '2026-12-02T12:00:00.000Z',
  }),
  mismatch({
    id: 3,
    kind: 'transfer',
    provider_id: 'tr_sbx_3',
    problem: 'missing_at_provider',
    provider_amount: null,
    books_amount: 3_000,
    payment_id: null,
    first_seen_at: '2026-12-01T12:00:00.000Z',
    last_seen_at: '2026-12-01T12:00:00.000Z',
  }),
  mismatch({
    id: 4,
    kind: 'dispute',
    provider_id: 'dp_sbx_2',
    provider_amount: 12_550,
    payment_id: 'pi_sbx_5',
  }),
];

describe('reconciliation', { timeout: 20_000 }, () => {
  sessionClearedAfterEachTest();

  it('is for platform admins only', () => {
    expectForPlatformAdminsOnly(routes, '/admin/reconciliation');
  });

  it('shows the last run in words and figures, and each disagreement: what, the provider’s id, the problem, first seen', async () => {
    // An Employee reads it too: the screen changes nothing.
    signInAsPlatformUser(true, 99);
    stubReport({ last_run: run({ matched: 5, mismatches: 4 }), mismatches: disagreements });
    renderRoutes(routes, '/admin/reconciliation');

    const last = await screen.findByRole('region', { name: 'The last check' });
    expect(
      within(last).getByText('Checked 7 records of the sandbox from 29 Nov to 2 Dec 2026: 4 disagree.'),
    ).toBeInTheDocument();
    expect(within(last).getByText('Records compared').nextSibling).toHaveTextContent('7');
    expect(within(last).getByText('Agree').nextSibling).toHaveTextContent('5');
    expect(within(last).getByText('Disagree').nextSibling).toHaveTextContent('4');

    const table = screen.getByRole('table', { name: 'Disagreements between the provider and the books' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(textsOf(rows.map((row) => within(row).getByRole('rowheader')))).toEqual([
      'Refund',
      'Charge',
      'Payout transfer',
      'Dispute lost',
    ]);
    const cells = (index: number) => textsOf(within(rows[index] as HTMLElement).getAllByRole('cell'));
    expect(cells(0)).toEqual([
      're_sbx_41Of payment pi_sbx_8',
      'The provider refunded ₹5 the books do not know about',
      '30 Nov 2026Still on 2 Dec 2026',
    ]);
    expect(cells(1)).toEqual(['pi_sbx_9', 'The books keep ₹30.01, the provider ₹30', '2 Dec 2026']);
    expect(cells(2)).toEqual([
      'tr_sbx_3',
      'The books keep a payout of ₹30 the provider has no record of',
      '1 Dec 2026',
    ]);
    expect(cells(3)?.[1]).toBe(
      'The provider gave back ₹125.50 for a lost dispute the books do not know about',
    );
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('says when every record agrees', async () => {
    signInAsPlatformUser(true, 1);
    stubReport({ last_run: run(), mismatches: [] });
    renderRoutes(routes, '/admin/reconciliation');
    expect(
      await screen.findByText('Checked 7 records of the sandbox from 29 Nov to 2 Dec 2026: all 7 agree.'),
    ).toBeInTheDocument();
    const list = screen.getByRole('region', { name: 'Disagreements' });
    expect(within(list).getByRole('status')).toHaveTextContent(/^Nothing disagrees:/);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says when the first check will run, before any has', async () => {
    signInAsPlatformUser(true, 1);
    stubReport({ last_run: null, mismatches: [] });
    renderRoutes(routes, '/admin/reconciliation');
    const last = await screen.findByRole('region', { name: 'The last check' });
    expect(within(last).getByRole('status')).toHaveTextContent(
      'No check has run yet. The first check runs each morning at 05:30.',
    );
    expect(screen.queryByRole('region', { name: 'Disagreements' })).not.toBeInTheDocument();
  });

  it('says when it could not be loaded, and tries again', async () => {
    signInAsPlatformUser(true, 1);
    let fail = true;
    stubReport(() =>
      fail
        ? errorResponse(503, 'UNAVAILABLE', 'The books are being checked. Try again in a minute.')
        : jsonResponse({ last_run: run(), mismatches: [] }),
    );
    renderRoutes(routes, '/admin/reconciliation');
    expect(await screen.findByText('The reconciliation could not be loaded.')).toBeInTheDocument();
    expect(screen.getByText('The books are being checked. Try again in a minute.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/: all 7 agree\.$/)).toBeInTheDocument();
  });
});

describe('reconciliation words', () => {
  it('words a run of one record, of none, and across a new year', () => {
    expect(runSentence(run({ provider_records: 1, matched: 1 }))).toBe(
      'Checked 1 record of the sandbox from 29 Nov to 2 Dec 2026: it agrees.',
    );
    expect(runSentence(run({ provider: 'stripe', provider_records: 0, matched: 0 }))).toBe(
      'Checked 0 records of Stripe from 29 Nov to 2 Dec 2026: there was nothing to compare, and nothing disagrees.',
    );
    expect(runSentence(run({ mismatches: 1, matched: 6 }))).toMatch(/: 1 disagrees\.$/);
    expect(dayRange('2026-12-30T12:00:00.000Z', '2027-01-02T12:00:00.000Z')).toBe(
      '30 Dec 2026 to 2 Jan 2027',
    );
  });

  it('words a disagreement whose amount is missing', () => {
    expect(problemSentence(mismatch({ kind: 'charge', provider_amount: 250_000 }), 'INR')).toBe(
      'The provider charged ₹2,500 the books do not know about',
    );
    expect(
      problemSentence(
        mismatch({
          kind: 'refund',
          problem: 'missing_at_provider',
          provider_amount: null,
          books_amount: null,
        }),
        'INR',
      ),
    ).toBe('The books keep a refund the provider has no record of');
  });
});
