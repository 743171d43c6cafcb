export { ownerKey, USER_WALLET, type WalletOwner, walletPaths } from './wallet-owner';
export { getHistory, HISTORY_PAGE_SIZE, type HistoryParams, walletQueries } from './wallet-queries';
