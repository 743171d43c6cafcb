import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

/** The donate button's page in the web build (apps/web/embed.html, built by vite.embed.config.ts). */
export const EMBED_HTML = 'embed.html';

/**
 * `/embed/project/{id}` and `/embed/charity/{id}`: the donate button's page (docs/product/embed.md),
 * which reads its id from the address. The security plugin lets other sites frame these two
 * answers only (`isFrameablePage`). Registered after the web app (plugins/web.ts), whose static
 * files plugin sends the file with its compressed copies and cache headers; without a build that
 * has the page, the paths fall to the web app's not-found answer.
 */
export function registerEmbedPages(app: FastifyInstance, webDist: string) {
  const root = path.resolve(webDist);
  if (!existsSync(path.join(root, EMBED_HTML)) || !app.hasReplyDecorator('sendFile')) return;
  for (const kind of ['project', 'charity'] as const) {
    // A page of the web app, not a call of the API: no part of the OpenAPI document.
    app.get(`/embed/${kind}/:id`, { schema: { hide: true } }, (_request, reply) =>
      reply.type('text/html').sendFile(EMBED_HTML, root),
    );
  }
}
