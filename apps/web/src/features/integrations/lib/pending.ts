/**
 * How often a list with a delivery on its way is read again while it is on screen (not in a
 * background tab): a delivery goes a moment after its event or its retry.
 */
export const PENDING_REFRESH_MS = 5_000;

/** A query's `refetchInterval`: every few seconds while `pending(data)` holds. */
export const whilePending =
  <Data>(pending: (data: Data) => boolean) =>
  (query: { state: { data: Data | undefined } }) =>
    query.state.data !== undefined && pending(query.state.data) ? PENDING_REFRESH_MS : false;
