import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/** The OpenAPI 3.1 document at /api/openapi.json, drawn from the routes' zod schemas. */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Kindred API',
        description:
          'The API of Kindred, a charitable-giving platform. Errors: {"error":{"code","message","details"}}.',
        version: '0.1.0',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          // A charity's or an organisation's API token (kt_...), sent as a bearer token: a call that
          // takes one names the scope it needs (docs/product/webhooks-and-api-tokens.md#api-tokens).
          apiToken: { type: 'http', scheme: 'bearer', bearerFormat: 'Kindred API token' },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: false });
  app.get('/api/openapi.json', { config: { auth: 'public' }, schema: { hide: true } }, async () =>
    app.swagger(),
  );
}
