import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../../web/dist', import.meta.url));

/** Serves the built web app at / with the SPA fallback; /api stays the API's. */
export async function registerWeb(app: FastifyInstance, webDist: string) {
  const root = path.resolve(webDist);
  const hasWeb = existsSync(path.join(root, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, { root, wildcard: false, index: ['index.html'] });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    const wantsPage = request.method === 'GET' && !url.startsWith('/api') && !path.extname(url);
    if (hasWeb && wantsPage) return reply.type('text/html').sendFile('index.html');
    return reply.status(404).send({
      error: { code: 'ROUTE_NOT_FOUND', message: `No route for ${request.method} ${url}.` },
    });
  });
}
