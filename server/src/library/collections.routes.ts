import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  collectionCreateBodySchema,
  collectionListQuerySchema,
  collectionPatchBodySchema,
  collectionSchema,
  idParamsSchema,
  paginatedSchema,
} from '@cw/contract';
import type { CollectionsService } from './collections.service';
import { errorResponses, noContent, signedIn } from './route-schemas';

const tags = ['collections'];

export const collectionsRoutes: FastifyPluginAsyncZod<{ service: CollectionsService }> = async (
  app,
  { service },
) => {
  app.get(
    '/api/collections/list/',
    {
      schema: {
        tags,
        summary: "List the caller's collections, newest first",
        security: signedIn,
        querystring: collectionListQuerySchema,
        response: { 200: paginatedSchema(collectionSchema), ...errorResponses(400, 401, 403) },
      },
    },
    (request) => service.list(request.userId, request.query, request.url),
  );

  app.post(
    '/api/collections/list/',
    {
      schema: {
        tags,
        summary: 'Create a collection',
        security: signedIn,
        body: collectionCreateBodySchema,
        response: { 201: collectionSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.create(request.userId, request.body)),
  );

  app.get(
    '/api/collections/list/:id/',
    {
      schema: {
        tags,
        summary: 'Read one collection',
        security: signedIn,
        params: idParamsSchema,
        response: { 200: collectionSchema, ...errorResponses(401, 404) },
      },
    },
    (request) => service.get(request.userId, request.params.id),
  );

  app.patch(
    '/api/collections/list/:id/',
    {
      schema: {
        tags,
        summary: 'Change any subset of a collection’s fields',
        security: signedIn,
        params: idParamsSchema,
        body: collectionPatchBodySchema,
        response: { 200: collectionSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => service.update(request.userId, request.params.id, request.body),
  );

  app.delete(
    '/api/collections/list/:id/',
    {
      schema: {
        tags,
        summary: 'Delete a collection with its notes',
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
