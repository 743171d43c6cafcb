import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../../web/dist', import.meta.url));

/** Hashed build output (`assets/index-3fa9c1.js`): its name changes with its content. */
const HASHED = `${path.sep}assets${path.sep}`;
/** A year, the most a cache honours; a new build brings new names. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The page itself and unhashed files: cached, but asked about again (ETag / Last-Modified) each time. */
export const REVALIDATE = 'no-cache';

function cacheHeaders(reply: FastifyReply, file: string) {
  reply.header('cache-control', file.includes(HASHED) ? IMMUTABLE : REVALIDATE);
}

/**
 * A page answered with its own HTML (a public page's link preview, plugins/link-previews.ts), given
 * the built index.html's path; undefined leaves the page to the plain index.html.
 */
export type PageAnswer = (
  request: FastifyRequest,
  reply: FastifyReply,
  indexFile: string,
) => Promise<FastifyReply | undefined>;

/**
 * Serves the built web app at / with the SPA fallback; /api stays the API's. The build writes a
 * brotli and a gzip copy beside each text file (apps/web/scripts/precompress.mjs); the one the
 * browser accepts is sent with its Content-Encoding (and `Vary: Accept-Encoding`).
 */
export async function registerWeb(app: FastifyInstance, webDist: string, answerPage?: PageAnswer) {
  const root = path.resolve(webDist);
  const hasWeb = existsSync(path.join(root, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: ['index.html'],
      preCompressed: true,
      cacheControl: false,
      setHeaders: cacheHeaders,
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    const wantsPage = request.method === 'GET' && !url.startsWith('/api') && !path.extname(url);
    if (hasWeb && wantsPage) {
      const answered = await answerPage?.(request, reply, path.join(root, 'index.html'));
      return answered ?? reply.type('text/html').sendFile('index.html');
    }
    return reply.status(404).send({
      error: { code: 'ROUTE_NOT_FOUND', message: `No route for ${request.method} ${url}.` },
    });
  });
}
