/** A failed call: HTTP status (0 when the network failed), the server's sentence, field errors. */
export class ApiRequestError extends Error {
  readonly status: number;
  /** The server's `message` (or `detail`), when the answer carried one. */
  readonly serverMessage: string | undefined;
  readonly detail: string | undefined;
  readonly code: string | undefined;
  /** Field errors: first message per field, e.g. { email: 'A user with this email already exists.' }. */
  readonly fieldErrors: Record<string, string>;
  /** The parsed JSON body of the error answer, when there was one. */
  readonly body: unknown;

  constructor(
    status: number,
    body: unknown,
    fallback = status === 0 ? 'Network error' : `Request failed (${status})`,
  ) {
    const parsed = parseErrorBody(body);
    super(parsed.message ?? parsed.detail ?? fallback);
    this.name = 'ApiRequestError';
    this.status = status;
    this.body = body;
    this.serverMessage = parsed.message ?? parsed.detail;
    this.detail = parsed.detail;
    this.code = parsed.code;
    this.fieldErrors = parsed.fieldErrors;
  }

  /** True when the server answered with a JSON body (as opposed to a network failure). */
  get hasBody(): boolean {
    return this.body !== undefined && this.body !== null;
  }
}

function parseErrorBody(body: unknown): {
  message?: string;
  detail?: string;
  code?: string;
  fieldErrors: Record<string, string>;
} {
  const fieldErrors: Record<string, string> = {};
  if (!body || typeof body !== 'object') return { fieldErrors };
  const record = body as Record<string, unknown>;
  const str = (value: unknown) =>
    typeof value === 'string' && value.trim() !== '' ? value : undefined;
  const errors = record.errors;
  if (errors && typeof errors === 'object') {
    for (const [field, value] of Object.entries(errors as Record<string, unknown>)) {
      const first = Array.isArray(value) ? value[0] : value;
      if (typeof first === 'string') fieldErrors[field] = first;
    }
  }
  return {
    message: str(record.message),
    detail: str(record.detail),
    code: str(record.code),
    fieldErrors,
  };
}

/**
 * The server's own sentence for a failed call (its `message`, or `detail`), or `fallback` when
 * the call got no answer or the answer carried none.
 */
export function serverMessageOr(error: unknown, fallback: string): string {
  return (error instanceof ApiRequestError ? error.serverMessage : undefined) ?? fallback;
}
