import { z } from 'zod';
import { fileLinkUser } from '../../lib/file-links.js';
import { moduleRoutes } from '../../platform/route-helpers.js';
import { sessionUser } from '../../plugins/auth.js';

const CONTENT_TYPES: Record<string, string> = { '.webp': 'image/webp' };
const linkQuery = z.object({
  u: z.string().max(20).optional(),
  e: z.string().max(20).optional(),
  s: z.string().max(100).optional(),
});

/**
 * Uploaded files, served from the storage with random names, each under the access rule of what
 * it belongs to (decision 035). A browser's `<img>` sends no token: a file that is not public
 * comes with a link signed for the person (lib/file-links.ts), whose access is checked again here.
 */
export const filesRoutes = moduleRoutes(async (app, { files }, ctx) => {
  app.get(
    '/files/*',
    {
      config: { auth: 'public' },
      schema: { hide: true, params: z.object({ '*': z.string().min(1).max(300) }), querystring: linkQuery },
    },
    async (request, reply) => {
      const key = request.params['*'];
      let viewer = request.auth;
      if (!viewer) {
        const signedFor = fileLinkUser(ctx.config.jwtSecret, files.storedUrl(key), request.query, ctx.now());
        if (signedFor !== undefined) viewer = (await sessionUser(ctx, signedFor)) ?? null;
      }
      const file = await files.open(key, viewer);
      const ext = key.slice(key.lastIndexOf('.'));
      reply.header('content-type', CONTENT_TYPES[ext] ?? 'application/octet-stream');
      reply.header('content-length', file.size);
      reply.header('cache-control', file.cacheControl);
      reply.header('x-content-type-options', 'nosniff');
      if (!CONTENT_TYPES[ext]) reply.header('content-disposition', 'attachment');
      return reply.send(file.stream);
    },
  );
});
