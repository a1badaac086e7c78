import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiError } from '@cw/contract';
import { isDatabaseUnavailable } from '../db/errors';

export type FieldErrors = Record<string, string[]>;

/** An expected failure with a status, a stable code and a sentence a person can read. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly errors?: FieldErrors,
    readonly headers?: Record<string, string>,
    /** More fields of the error's body (a 412's `current`). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors?: FieldErrors, code = 'invalid') =>
  new AppError(400, code, message, errors);
export const validationFailed = (errors: FieldErrors) =>
  new AppError(400, 'invalid', firstMessage(errors), errors);
export const unauthorized = (
  message = 'Authentication credentials were not provided.',
  code = 'not_authenticated',
) => new AppError(401, code, message);
export const tokenNotValid = () =>
  new AppError(401, 'token_not_valid', 'Given token not valid for any token type');
export const forbidden = (message = 'You do not have permission to perform this action.') =>
  new AppError(403, 'permission_denied', message);
export const notFound = (message = 'Not found.') => new AppError(404, 'not_found', message);
export const tooManyRequests = (
  retryAfterSeconds: number,
  message = `Too many attempts. Try again in ${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}.`,
) =>
  new AppError(429, 'throttled', message, undefined, {
    'retry-after': String(retryAfterSeconds),
  });

function firstMessage(errors: FieldErrors): string {
  for (const [field, messages] of Object.entries(errors)) {
    const first = messages[0];
    if (first) return field === 'non_field_errors' ? first : `${field}: ${first}`;
  }
  return 'Invalid input.';
}

export function errorBody(message: string, code: string, errors?: FieldErrors): ApiError {
  return errors ? { message, detail: message, code, errors } : { message, detail: message, code };
}

/** Sends an error answer in the shape of docs/api.md, "Errors"; for handlers outside the error handler. */
export function sendError(reply: FastifyReply, status: number, code: string, message: string) {
  return sendErrorBody(reply, status, errorBody(message, code));
}

/** Sends an error body as it is (it may carry more fields), past the route's response schema. */
export function sendErrorBody(
  reply: FastifyReply,
  status: number,
  body: ApiError & Record<string, unknown>,
  headers?: Record<string, string>,
) {
  if (headers) void reply.headers(headers);
  // Errors are always JSON, whatever the route's response schema or content type was.
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .serializer(JSON.stringify)
    .send(body);
}

const FASTIFY_CLIENT_ERRORS: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    code: 'parse_error',
    message: 'Malformed JSON in request body.',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    code: 'parse_error',
    message: 'The request body is empty but Content-Type is application/json.',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: 'payload_too_large',
    message: 'Request body is too large.',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'unsupported_media_type',
    message: 'Unsupported media type in request.',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: 'parse_error',
    message: 'Invalid Content-Length.',
  },
  FST_REQ_FILE_TOO_LARGE: {
    status: 413,
    code: 'payload_too_large',
    message: 'The file is too large.',
  },
  FST_PARTS_LIMIT: {
    status: 413,
    code: 'payload_too_large',
    message: 'Too many parts in the upload.',
  },
  FST_FILES_LIMIT: {
    status: 413,
    code: 'payload_too_large',
    message: 'Too many files in the upload.',
  },
  FST_FIELDS_LIMIT: {
    status: 413,
    code: 'payload_too_large',
    message: 'Too many fields in the upload.',
  },
  FST_PROTO_VIOLATION: {
    status: 400,
    code: 'invalid',
    message: 'A field of the upload has a forbidden name.',
  },
  FST_INVALID_MULTIPART_CONTENT_TYPE: {
    status: 415,
    code: 'unsupported_media_type',
    message: 'Expected a multipart/form-data upload.',
  },
};

function fieldErrorsFromValidation(error: FastifyError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.validation ?? []) {
    const field = issue.instancePath.replace(/^\//, '').split('/')[0] || 'non_field_errors';
    (errors[field] ??= []).push(issue.message ?? 'Invalid value.');
  }
  return errors;
}

/** The one error handler: every failure becomes the shape of docs/api.md, "Errors"; 5xx details stay in the log. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      return sendErrorBody(
        reply,
        error.statusCode,
        { ...error.extra, ...errorBody(error.message, error.code, error.errors) },
        error.headers,
      );
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // A malformed id in the path is an unknown object, not a form error.
      if (error.validationContext === 'params')
        return sendErrorBody(reply, 404, errorBody('Not found.', 'not_found'));
      const errors = fieldErrorsFromValidation(error);
      return sendErrorBody(reply, 400, errorBody(firstMessage(errors), 'invalid', errors));
    }
    const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
    if (known) return sendErrorBody(reply, known.status, errorBody(known.message, known.code));
    if (error.statusCode === 429) {
      const retry = String(reply.getHeader('retry-after') ?? '60');
      return sendErrorBody(
        reply,
        429,
        errorBody(`Too many requests. Try again in ${retry} seconds.`, 'throttled'),
        {
          'retry-after': retry,
        },
      );
    }
    if (error instanceof SyntaxError) {
      return sendErrorBody(reply, 400, errorBody('Malformed JSON in request body.', 'parse_error'));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return sendErrorBody(
        reply,
        503,
        errorBody('The service is temporarily unavailable.', 'unavailable'),
      );
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return sendErrorBody(
        reply,
        error.statusCode,
        errorBody(error.message || 'Bad request.', 'invalid'),
      );
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendErrorBody(reply, 500, errorBody('Internal server error', 'internal'));
  });
}

/** 404 in the contract's shape, for unknown API routes. */
export function sendRouteNotFound(request: FastifyRequest, reply: FastifyReply) {
  return sendErrorBody(
    reply,
    404,
    errorBody(`No route for ${request.method} ${request.url.split('?')[0]}.`, 'not_found'),
  );
}
