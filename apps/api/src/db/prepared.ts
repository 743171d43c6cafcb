import { sql } from 'drizzle-orm';
import type { Executor } from './client.js';

/** What drizzle's query builders answer to `.prepare(name)`: a statement built once, run with values. */
interface PreparedQuery<Result> {
  execute(values?: Record<string, unknown>): Promise<Result>;
}

/** What every executor carries: its driver session, whose client (the pool, or a transaction's connection) runs statements. */
interface WithSession {
  session: {
    client: {
      query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
    };
  };
}

/**
 * A statement of a hot path (a gift, the sign-in check on every call) built once and run many
 * times, on the database or on any transaction.
 *
 * Drizzle builds a statement's text from the table definitions on every call, which costs the API
 * more CPU than sending the statement (docs/performance.md, "Donations"). Here the builder runs
 * once, with `sql.placeholder(...)` where the values go (drizzle still encodes each value for its
 * column), and `.prepare(name)` makes a drizzle prepared query. A prepared query is tied to the
 * connection it was built on; each run binds a copy of it to the executor's own connection (the
 * pool, or the client a transaction holds), the only part of it that differs from one executor to
 * another. The name makes it a named statement, parsed and planned once per connection.
 *
 * One prepared query is kept per driver, keyed by the session's class. `name` must be unique in the app: PostgreSQL refuses one name for two texts.
 */
export function prepared<Values extends Record<string, unknown>, Result>(
  name: string,
  build: (executor: Executor) => { prepare(name: string): PreparedQuery<Result> },
): (executor: Executor, values: Values) => Promise<Result> {
  const built = new Map<unknown, PreparedQuery<Result>>();
  return (executor, values) => {
    const session = (executor as unknown as WithSession).session;
    const driver = Object.getPrototypeOf(session);
    let template = built.get(driver);
    if (!template) {
      template = build(executor).prepare(name);
      built.set(driver, template);
    }
    const bound: PreparedQuery<Result> = Object.create(template, {
      client: { value: session.client },
    });
    return bound.execute(values);
  };
}

/**
 * A placeholder where drizzle's types ask for a value: an update's `set`. Drizzle accepts it at run
 * time and encodes the value for its column, as in an insert's values or a condition.
 */
export const placeholder = <T>(name: string): T => sql.placeholder(name) as unknown as T;

/**
 * A named statement that drizzle's builders do not express (a call of one of the database's own
 * functions), parsed and planned once per connection like `prepared`, run on the database or on
 * any transaction with its values in order.
 */
export function preparedText<Row>(
  name: string,
  text: string,
): (executor: Executor, values: unknown[]) => Promise<Row[]> {
  return async (executor, values) => {
    const { client } = (executor as unknown as WithSession).session;
    return (await client.query({ name, text, values })).rows as Row[];
  };
}
