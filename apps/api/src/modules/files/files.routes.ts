import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { notFound } from '../../lib/errors.js';

const CONTENT_TYPES: Record<string, string> = { '.webp': 'image/webp' };

/** Uploaded files, served from the storage. Names are random and unguessable. */
export const filesRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/files/*',
      {
        config: { auth: 'public' },
        schema: { hide: true, params: z.object({ '*': z.string().min(1).max(300) }) },
      },
      async (request, reply) => {
        const key = request.params['*'];
        const file = await ctx.storage.get(key);
        if (!file) throw notFound('The file');
        const ext = key.slice(key.lastIndexOf('.'));
        reply.header('content-type', CONTENT_TYPES[ext] ?? 'application/octet-stream');
        reply.header('content-length', file.size);
        reply.header('cache-control', 'public, max-age=31536000, immutable');
        reply.header('x-content-type-options', 'nosniff');
        if (!CONTENT_TYPES[ext]) reply.header('content-disposition', 'attachment');
        return reply.send(file.stream);
      },
    );
  };
