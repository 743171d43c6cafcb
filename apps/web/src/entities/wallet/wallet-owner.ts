/** Whose wallet a screen shows: the signed-in person's, or an organisation's they administer. */
export type WalletOwner = { type: 'user' } | { type: 'business'; id: number; name: string };

export const USER_WALLET: WalletOwner = { type: 'user' };

/** A stable key of the owner (query keys, React keys). */
export function ownerKey(owner: WalletOwner): string {
  return owner.type === 'user' ? 'user' : `business:${owner.id}`;
}

/** The API paths of an owner's wallet calls (docs/product/money.md). */
export function walletPaths(owner: WalletOwner) {
  if (owner.type === 'user') {
    return {
      wallet: '/user/wallet',
      deposit: '/user/deposit',
      confirm: '/user/deposit/confirm',
      history: (from: string, to: string) => `/user/payments/${from}/${to}`,
      statement: (from: string, to: string) => `/user/statement/${from}/${to}`,
      createDirectDebit: '/user/create_direct_debit',
      directDebits: '/user/direct_debits',
      cancelDirectDebit: (debitId: number) => `/user/direct_debit/${debitId}`,
      paymentMethods: '/user/payment_methods',
      paymentMethod: (methodId: number) => `/user/payment_methods/${methodId}`,
    };
  }
  const { id } = owner;
  return {
    wallet: `/business/wallet/${id}`,
    deposit: `/business/${id}/deposit`,
    confirm: `/business/${id}/confirm`,
    history: (from: string, to: string) => `/business/${id}/payments/${from}/${to}`,
    statement: (from: string, to: string) => `/business/${id}/statement/${from}/${to}`,
    createDirectDebit: `/business/direct_debit/${id}`,
    directDebits: `/business/${id}/direct_debits`,
    cancelDirectDebit: (debitId: number) => `/business/${id}/direct_debit/${debitId}`,
    paymentMethods: `/business/${id}/payment_methods`,
    paymentMethod: (methodId: number) => `/business/${id}/payment_methods/${methodId}`,
  };
}
