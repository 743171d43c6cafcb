/** Largest id of a 4-byte integer column (places): larger ones are refused as bad input. */
export const MAX_INT_ID = 2_147_483_647;

/** Keyset pages (docs/product/wire-contract.md#keyset-pages): the default and largest `limit`. */
export const PAGE_LIMIT_DEFAULT = 20;
export const PAGE_LIMIT_MAX = 100;
