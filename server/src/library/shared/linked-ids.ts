import { validationFailed } from '../../http/errors';

/** Ids as given, without repeats, in their first order. */
export const uniqueIds = (ids: number[]) => [...new Set(ids)];

/**
 * Tag or file ids in a body must all be ones the caller may link (the policy's scope decides
 * which the repository finds): any other, unknown or someone else's, is a 400 on that field,
 * worded the same for both so nothing is revealed.
 */
export function requireAllLinkable(
  field: string,
  requested: number[],
  found: { has(id: number): boolean },
): void {
  const missing = requested.filter((id) => !found.has(id));
  if (missing.length > 0) {
    throw validationFailed({
      [field]: missing.map((id) => `Invalid pk "${id}" - object does not exist.`),
    });
  }
}
