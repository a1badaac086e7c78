/**
 * The database schema, one file per area under schema/ (drizzle-kit reads this file:
 * drizzle.config.ts). Migrations are generated from it: docs/development.md, "Changing the
 * database".
 */
export {
  OWNER_LEXEME_PREFIX,
  SEARCHED_BODY_MAX,
  ownerPairs,
  ownerScopedTitle,
} from './schema/common';
export * from './schema/accounts';
export * from './schema/jobs';
export * from './schema/collections';
export * from './schema/contents';
export * from './schema/collab';
export * from './schema/links';
export * from './schema/templates';
export * from './schema/notifications';
export * from './schema/comments';
export * from './schema/followers';
