import { describe, expect, it } from 'vitest';
import { type NeedTotals, needsProgress, percentOf } from './progress';

const none: NeedTotals = {
  funds_target: null,
  funds_raised: 0,
  volunteering_hours: null,
  volunteering_pledged: 0,
  skilled_hours: 0,
  skilled_pledged: 0,
  gifts_needed: 0,
  gifts_pledged: 0,
};

describe('needs progress', () => {
  it("says how much of each need is met: '₹3,000 of ₹10,000 raised'", () => {
    const needs = needsProgress({
      funds_target: 1_000_000,
      funds_raised: 300_000,
      volunteering_hours: 40,
      volunteering_pledged: 13,
      skilled_hours: 1,
      skilled_pledged: 0,
      gifts_needed: 25,
      gifts_pledged: 1,
    });
    expect(needs.map((need) => need.text)).toEqual([
      '₹3,000 of ₹10,000 raised',
      '13 of 40 volunteering hours pledged',
      '0 of 1 skilled hour pledged',
      '1 of 25 gifts pledged',
    ]);
    expect(needs.map((need) => need.percent)).toEqual([30, 32, 0, 4]);
    expect(needs.map((need) => need.name)).toEqual([
      'Funds',
      'Volunteering',
      'Skilled volunteering',
      'Gifts',
    ]);
  });

  it('shows pence, thousands separators and the currency given', () => {
    const [funds] = needsProgress({ ...none, funds_target: 250_000_000, funds_raised: 123_456 }, 'GBP');
    expect(funds?.text).toBe('£1,234.56 of £2,500,000 raised');
    const [hours] = needsProgress({ ...none, volunteering_hours: 1_500, volunteering_pledged: 1_200 });
    expect(hours?.text).toBe('1,200 of 1,500 volunteering hours pledged');
  });

  it('leaves out the needs a project does not have', () => {
    expect(needsProgress(none)).toEqual([]);
    expect(needsProgress({ ...none, funds_target: 0, gifts_needed: 3 }).map((need) => need.name)).toEqual([
      'Gifts',
    ]);
  });

  it('caps the bar at 100 and shows 100 only when the need is met', () => {
    expect(percentOf(150, 100)).toBe(100);
    expect(percentOf(999, 1000)).toBe(99);
    expect(percentOf(5, 0)).toBe(0);
    const [funds] = needsProgress({ ...none, funds_target: 100_000, funds_raised: 150_000 });
    expect(funds).toMatchObject({ percent: 100, text: '₹1,500 of ₹1,000 raised' });
  });
});
