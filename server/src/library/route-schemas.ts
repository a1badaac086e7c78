import { z } from 'zod';
import { apiErrorSchema } from '@cw/contract';

const ERROR_DESCRIPTIONS = {
  400: 'Validation failed (`errors` names the fields)',
  401: 'No token, or a bad or expired one',
  403: 'A `user` filter or field that is not the caller',
  404: 'Unknown id, or one that belongs to another user',
  413: 'Upload over its size limit',
  415: 'Not a multipart/form-data upload',
} as const;

type ErrorStatus = keyof typeof ERROR_DESCRIPTIONS;

/** Response schemas of the error statuses a route can answer, for OpenAPI. */
export function errorResponses<S extends ErrorStatus>(...statuses: S[]) {
  return Object.fromEntries(
    statuses.map((status) => [status, apiErrorSchema.describe(ERROR_DESCRIPTIONS[status])]),
  ) as Record<S, typeof apiErrorSchema>;
}

export const noContent = z.null().describe('Deleted');

/** Every library route is signed in. */
export const signedIn = [{ bearerAuth: [] }];
