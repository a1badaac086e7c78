import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idParamsSchema,
  paginatedSchema,
  tagCreateBodySchema,
  tagListQuerySchema,
  tagPatchBodySchema,
  tagSchema,
} from '@cw/contract';
import type { TagsService } from './tags.service';
import { errorResponses, noContent, signedIn } from './route-schemas';

const tags = ['tags'];

export const tagsRoutes: FastifyPluginAsyncZod<{ service: TagsService }> = async (
  app,
  { service },
) => {
  app.get(
    '/api/collections/tags/',
    {
      schema: {
        tags,
        summary:
          "List the caller's tags, newest first (`name` filters by substring, ignoring case)",
        security: signedIn,
        querystring: tagListQuerySchema,
        response: { 200: paginatedSchema(tagSchema), ...errorResponses(400, 401, 403) },
      },
    },
    (request) => service.list(request.userId, request.query, request.url),
  );

  app.post(
    '/api/collections/tags/',
    {
      schema: {
        tags,
        summary: 'Create a tag (names are unique per user, ignoring case)',
        security: signedIn,
        body: tagCreateBodySchema,
        response: { 201: tagSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.create(request.userId, request.body)),
  );

  app.get(
    '/api/collections/tags/:id/',
    {
      schema: {
        tags,
        summary: 'Read one tag',
        security: signedIn,
        params: idParamsSchema,
        response: { 200: tagSchema, ...errorResponses(401, 404) },
      },
    },
    (request) => service.get(request.userId, request.params.id),
  );

  app.patch(
    '/api/collections/tags/:id/',
    {
      schema: {
        tags,
        summary: 'Rename a tag',
        security: signedIn,
        params: idParamsSchema,
        body: tagPatchBodySchema,
        response: { 200: tagSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => service.update(request.userId, request.params.id, request.body),
  );

  app.delete(
    '/api/collections/tags/:id/',
    {
      schema: {
        tags,
        summary: 'Delete a tag, detaching it from every collection and content item',
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
