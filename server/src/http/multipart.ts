import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

/** RFC 2046 (section 5.1.1): 1 to 70 characters of this set, not ending in a space. */
const BOUNDARY = /^[0-9A-Za-z'()+_,\-./:=? ]{0,69}[0-9A-Za-z'()+_,\-./:=?]$/;
const MULTIPART_FORM = /^\s*multipart\/form-data\s*(;|$)/i;
const BOUNDARY_PARAM = /;\s*boundary\s*=\s*(?:"([^"]*)"|([^;\s]*))/i;

/** The boundary of a multipart/form-data Content-Type when it is a valid one, else null. */
export function multipartBoundary(contentType: string): string | null {
  const match = BOUNDARY_PARAM.exec(contentType);
  const boundary = match?.[1] ?? match?.[2];
  return boundary !== undefined && BOUNDARY.test(boundary) ? boundary : null;
}

export const malformedMultipart = (message = 'The multipart/form-data body is malformed.') =>
  new AppError(400, 'parse_error', message);

/**
 * A multipart/form-data request without a valid boundary is the client's mistake (400), found
 * before the multipart parser, which would throw on it. preValidation runs only where a route
 * accepted the content type (elsewhere it is already a 415), after the auth guard.
 */
export function refuseMultipartWithoutBoundary(app: FastifyInstance): void {
  // A callback hook, not an async one: it runs before every route (bench/README.md, "Floors").
  app.addHook('preValidation', (request, _reply, done) => {
    const type = request.headers['content-type'];
    if (type === undefined || !MULTIPART_FORM.test(type) || multipartBoundary(type) !== null) {
      done();
      return;
    }
    done(
      malformedMultipart(
        'A multipart/form-data body needs a boundary parameter in its Content-Type.',
      ),
    );
  });
}
