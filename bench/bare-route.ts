/**
 * The ceiling for the explore benchmark: a bare Fastify server (no plugins, no hooks, no logger)
 * that answers GET /bare/<name> with bytes read once from a JSON file given on the command line,
 * the same bytes the API answered. `bench/explore.ts` starts it as a process of its own, like the API.
 *
 *   node bench/bare-route.ts PORT FILE.json      (FILE: {"<name>": "<answer text>", ...})
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const [portText, file] = process.argv.slice(2);
if (!portText || !file) {
  console.error('usage: bare-route.ts PORT FILE.json');
  process.exit(2);
}
const answers = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
const bodies = new Map(Object.entries(answers).map(([name, text]) => [name, Buffer.from(text)]));

const app = Fastify({ logger: false });
app.get<{ Params: { name: string } }>('/bare/:name', async (request, reply) => {
  const body = bodies.get(request.params.name);
  if (!body) return reply.code(404).send();
  return reply.type('application/json; charset=utf-8').send(body);
});
app.get('/health', async () => 'ok');
await app.listen({ port: Number(portText), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
