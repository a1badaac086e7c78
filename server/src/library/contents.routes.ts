import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  contentCreateBodySchema,
  contentListQuerySchema,
  contentPatchBodySchema,
  contentSchema,
  idParamsSchema,
  paginatedSchema,
} from '@cw/contract';
import type { ContentsService } from './contents.service';
import { errorResponses, noContent, signedIn } from './route-schemas';

const tags = ['content items'];

export const contentsRoutes: FastifyPluginAsyncZod<{ service: ContentsService }> = async (
  app,
  { service },
) => {
  app.get(
    '/api/collections/contents-list/',
    {
      schema: {
        tags,
        summary: "List the caller's content items, newest first (`tag` filters by tag id)",
        security: signedIn,
        querystring: contentListQuerySchema,
        response: { 200: paginatedSchema(contentSchema), ...errorResponses(400, 401, 403) },
      },
    },
    (request) => service.list(request.userId, request.query, request.url),
  );

  app.post(
    '/api/collections/contents-list/',
    {
      schema: {
        tags,
        summary: 'Create a content item (with tag ids and already uploaded file ids)',
        security: signedIn,
        body: contentCreateBodySchema,
        response: { 201: contentSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.create(request.userId, request.body)),
  );

  app.get(
    '/api/collections/contents-list/:id/',
    {
      schema: {
        tags,
        summary: 'Read one content item',
        security: signedIn,
        params: idParamsSchema,
        response: { 200: contentSchema, ...errorResponses(401, 404) },
      },
    },
    (request) => service.get(request.userId, request.params.id),
  );

  app.patch(
    '/api/collections/contents-list/:id/',
    {
      schema: {
        tags,
        summary: 'Change any subset of a content item’s fields',
        security: signedIn,
        params: idParamsSchema,
        body: contentPatchBodySchema,
        response: { 200: contentSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => service.update(request.userId, request.params.id, request.body),
  );

  app.delete(
    '/api/collections/contents-list/:id/',
    {
      schema: {
        tags,
        summary: 'Delete a content item with its files',
        security: signedIn,
        params: idParamsSchema,
        response: { 204: noContent, ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      await service.remove(request.userId, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
