import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  fileListQuerySchema,
  filePatchBodySchema,
  fileSchema,
  idParamsSchema,
  paginatedSchema,
} from '@cw/contract';
import type { FilesService, UploadPart } from './files.service';
import { errorResponses, noContent, signedIn } from './route-schemas';

const tags = ['files'];

export const filesRoutes: FastifyPluginAsyncZod<{ service: FilesService }> = async (
  app,
  { service },
) => {
  app.get(
    '/api/collections/files/',
    {
      schema: {
        tags,
        summary: "List the caller's files, newest first (`content` filters by content item id)",
        security: signedIn,
        querystring: fileListQuerySchema,
        response: { 200: paginatedSchema(fileSchema), ...errorResponses(400, 401, 403) },
      },
    },
    (request) => service.list(request.userId, request.query, request.url),
  );

  app.post(
    '/api/collections/files/',
    {
      schema: {
        tags,
        summary:
          'Upload a file (multipart/form-data: field `file`, optional field `content` = content item id to attach it to)',
        security: signedIn,
        consumes: ['multipart/form-data'],
        response: { 201: fileSchema, ...errorResponses(400, 401, 413, 415) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await service.upload(request.userId, request.parts() as AsyncIterable<UploadPart>)),
  );

  app.get(
    '/api/collections/files/:id/',
    {
      schema: {
        tags,
        summary: "Read one file's description",
        security: signedIn,
        params: idParamsSchema,
        response: { 200: fileSchema, ...errorResponses(401, 404) },
      },
    },
    (request) => service.get(request.userId, request.params.id),
  );

  app.patch(
    '/api/collections/files/:id/',
    {
      schema: {
        tags,
        summary:
          'Rename a file, or attach it to a content item (`content`: id) or detach it (null)',
        security: signedIn,
        params: idParamsSchema,
        body: filePatchBodySchema,
        response: { 200: fileSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => service.update(request.userId, request.params.id, request.body),
  );

  app.delete(
    '/api/collections/files/:id/',
    {
      schema: {
        tags,
        summary: 'Delete a file and its bytes',
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

  app.get(
    '/api/collections/files/:id/download/',
    {
      schema: {
        tags,
        summary:
          'Download the bytes (Content-Disposition: attachment, the stored Content-Type, nosniff)',
        security: signedIn,
        params: idParamsSchema,
        produces: ['application/octet-stream'],
        response: {
          // Streams are sent as they are, never serialized; the schema only documents the answer.
          200: z.unknown().describe('The file’s bytes, exactly as uploaded'),
          ...errorResponses(401, 404),
        },
      },
    },
    async (request, reply) => {
      const { stream, headers } = await service.download(request.userId, request.params.id);
      return reply.headers(headers).send(stream);
    },
  );
};
