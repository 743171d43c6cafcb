/**
 * Preloaded into an API process by the donations benchmark (NODE_OPTIONS=--import): appends every
 * statement the process sends through `pg` to the file named by BENCH_SQL_LOG, one JSON line each
 * ({seq, client, app, name, text, values, rows}: the order in which it was sent, the
 * connection's application_name (the worker's pool names itself), its name when it is a named
 * (prepared) statement, its parameters and the rows it answered; lines are written as the
 * statements are answered), so that the
 * bench can count a request's round trips and replay them.
 * Loaded only in the short capture run, never in the measured one.
 */
import { appendFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const file = process.env.BENCH_SQL_LOG;
if (file) {
  const require = createRequire(new URL('../apps/api/package.json', import.meta.url));
  const pg = require('pg');
  const original = pg.Client.prototype.query;
  let nextClient = 1;
  let nextSeq = 1;
  const ids = new WeakMap();
  pg.Client.prototype.query = function query(config, values, callback) {
    if (!ids.has(this)) ids.set(this, nextClient++);
    const text = typeof config === 'string' ? config : config?.text;
    const name = typeof config === 'string' ? undefined : config?.name;
    const params = Array.isArray(values) ? values : config?.values;
    const client = ids.get(this);
    const seq = nextSeq++;
    const app = this.connectionParameters?.application_name ?? undefined;
    const write = (rows) => {
      const line = JSON.stringify(
        { seq, client, app, name, text, values: params ?? [], rows },
        (_key, value) => (typeof value === 'bigint' ? String(value) : value),
      );
      appendFileSync(file, `${line}\n`);
    };
    const result = original.call(this, config, values, callback);
    if (typeof text === 'string') {
      if (result && typeof result.then === 'function') {
        // logged when answered, in the order the statements of one client are answered (sent)
        result.then(
          (answer) => write(Array.isArray(answer) ? [] : (answer?.rows ?? [])),
          () => write(null),
        );
      } else write([]);
    }
    return result;
  };
}
