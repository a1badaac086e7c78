/**
 * The limits of a template (docs/api.md, "Templates"). No zod here: the web app loads this
 * module at run time (`@cw/contract/template-limits`).
 */
export const TEMPLATE_NAME_MAX = 120;
export const TEMPLATE_DESCRIPTION_MAX = 500;
export const TEMPLATE_TAGS_MAX = 20;
export const TEMPLATE_CHECKLIST_MAX = 50;
export const TEMPLATE_CHECK_MAX = 200;
/** Templates one person may keep. */
export const TEMPLATES_PER_PERSON = 100;
