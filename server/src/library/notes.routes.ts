import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idParamsSchema,
  noteCreateBodySchema,
  noteListQuerySchema,
  notePatchBodySchema,
  noteSchema,
  paginatedSchema,
} from '@cw/contract';
import type { NotesService } from './notes.service';
import { errorResponses, noContent, signedIn } from './route-schemas';

const tags = ['collection notes'];

export const notesRoutes: FastifyPluginAsyncZod<{ service: NotesService }> = async (
  app,
  { service },
) => {
  app.get(
    '/api/collections/notes/',
    {
      schema: {
        tags,
        summary:
          "List the caller's notes, newest first (`collection` limits them to one collection)",
        security: signedIn,
        querystring: noteListQuerySchema,
        response: { 200: paginatedSchema(noteSchema), ...errorResponses(400, 401, 404) },
      },
    },
    (request) => service.list(request.userId, request.query, request.url),
  );

  app.post(
    '/api/collections/notes/',
    {
      schema: {
        tags,
        summary:
          'Add a note to one of the caller’s collections (`collection` in the body or the query)',
        security: signedIn,
        querystring: noteListQuerySchema.pick({ collection: true }),
        body: noteCreateBodySchema,
        response: { 201: noteSchema, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await service.create(request.userId, request.body, request.query.collection)),
  );

  app.get(
    '/api/collections/notes/:id/',
    {
      schema: {
        tags,
        summary: 'Read one note',
        security: signedIn,
        params: idParamsSchema,
        response: { 200: noteSchema, ...errorResponses(401, 404) },
      },
    },
    (request) => service.get(request.userId, request.params.id),
  );

  app.patch(
    '/api/collections/notes/:id/',
    {
      schema: {
        tags,
        summary: 'Change a note’s title, content or tags',
        security: signedIn,
        params: idParamsSchema,
        body: notePatchBodySchema,
        response: { 200: noteSchema, ...errorResponses(400, 401, 404) },
      },
    },
    (request) => service.update(request.userId, request.params.id, request.body),
  );

  app.delete(
    '/api/collections/notes/:id/',
    {
      schema: {
        tags,
        summary: 'Delete a note',
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
