/**
 * The app's one clock. Server code reads the time only through the `now` it is given
 * (`AppContext.now`, built from `systemClock` unless a test or tool injects another), so a test
 * that fixes or moves the clock moves it for everything: tokens, codes and links, rate limits,
 * schedulers, ledger and record timestamps, idempotency keys. Rows are stamped by the app, never by
 * a database default, so the database's clock never disagrees with the app's.
 * `clock.test.ts` fails when any other server file reads the real time.
 */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
