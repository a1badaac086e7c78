import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { storageUsageSchema } from '@cw/contract';
import type { FilesService } from './files.service';
import { errorResponses, signedIn } from './route-schemas';

/** How much of their storage quota (STORAGE_QUOTA_BYTES) the caller's files take. */
export const storageUsageRoutes: FastifyPluginAsyncZod<{ service: FilesService }> = async (
  app,
  { service },
) => {
  app.get(
    '/api/collections/files/usage/',
    {
      schema: {
        tags: ['files'],
        summary: 'Bytes of files the caller keeps (`used`) and the most they may keep (`quota`)',
        security: signedIn,
        response: { 200: storageUsageSchema, ...errorResponses(401) },
      },
    },
    (request) => service.usage(request.userId),
  );
};
