import { forbidden, validationFailed } from '../http/errors';

/** A `user` filter or field may only name the caller (contract §4: otherwise 403). */
export function requireCallerAsUser(callerId: number, user: number | undefined): void {
  if (user !== undefined && user !== callerId) {
    throw forbidden('You can only see and change your own library.');
  }
}

/** Ids as given, without repeats, in their first order. */
export const uniqueIds = (ids: number[]) => [...new Set(ids)];

/**
 * Tag or file ids in a body must all be the caller's: any other (unknown or someone else's)
 * is a 400 on that field, worded the same for both so nothing is revealed.
 */
export function requireAllOwned(field: string, requested: number[], owned: Set<number>): void {
  const missing = requested.filter((id) => !owned.has(id));
  if (missing.length > 0) {
    throw validationFailed({
      [field]: missing.map((id) => `Invalid pk "${id}" - object does not exist.`),
    });
  }
}
