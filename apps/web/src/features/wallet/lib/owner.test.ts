import type { BusinessMembership } from '@kindred/shared';
import { describe, expect, it } from 'vitest';
import { ownerKey, walletPaths } from '@/entities/wallet';
import { businessMembershipFixture } from '@/testing/fixtures';
import { moneyAdminRole } from './admin';
import { walletAccess } from './owner';

const membership = (admin_type: number): BusinessMembership => businessMembershipFixture({ admin_type });

describe('whose wallet the screen shows', () => {
  it("is the person's own for the individual account", () => {
    const access = walletAccess({
      activeAccount: { type: 'individual' },
      businessMembership: [],
      charityMembership: [],
    });
    expect(access).toEqual({ kind: 'wallet', owner: { type: 'user' } });
  });

  it("is the organisation's for its Super Admins and Admins, and explained to its employees", () => {
    for (const adminType of [1, 2]) {
      expect(
        walletAccess({
          activeAccount: { type: 'business', id: 9 },
          businessMembership: [membership(adminType)],
          charityMembership: [],
        }),
      ).toEqual({ kind: 'wallet', owner: { type: 'business', id: 9, name: 'Acme Ltd' } });
    }
    expect(
      walletAccess({
        activeAccount: { type: 'business', id: 9 },
        businessMembership: [membership(99)],
        charityMembership: [],
      }),
    ).toEqual({ kind: 'business-member', name: 'Acme Ltd' });
  });

  it('explains that charities have no wallet', () => {
    expect(
      walletAccess({
        activeAccount: { type: 'charity', id: 3 },
        businessMembership: [],
        charityMembership: [{ charity_id: 3, name: 'River Trust', admin_type: 1, permissions: [] }],
      }),
    ).toEqual({ kind: 'charity', name: 'River Trust' });
  });

  it('has the API paths of each owner', () => {
    const business = { type: 'business', id: 9, name: 'Acme Ltd' } as const;
    expect(ownerKey(business)).toBe('business:9');
    expect(walletPaths({ type: 'user' }).confirm).toBe('/user/deposit/confirm');
    expect(walletPaths(business).confirm).toBe('/business/9/confirm');
    expect(walletPaths(business).history('2030-01-01', '2030-01-31')).toBe(
      '/business/9/payments/2030-01-01/2030-01-31',
    );
    expect(walletPaths(business).createDirectDebit).toBe('/business/direct_debit/9');
    expect(walletPaths(business).cancelDirectDebit(4)).toBe('/business/9/direct_debit/4');
  });

  it('gives platform admins their money role', () => {
    expect(moneyAdminRole(null)).toBe('none');
    expect(moneyAdminRole({ is_iic_admin: false, admin_type: 1 })).toBe('none');
    expect(moneyAdminRole({ is_iic_admin: true, admin_type: 1 })).toBe('manage');
    expect(moneyAdminRole({ is_iic_admin: true, admin_type: 2 })).toBe('manage');
    expect(moneyAdminRole({ is_iic_admin: true, admin_type: 99 })).toBe('view');
  });
});
