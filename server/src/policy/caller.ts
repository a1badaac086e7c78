/**
 * The signed-in person a request acts for, as the auth guard proved it. Route handlers of
 * signed-in routes receive it as an argument (server/src/http/route-table.ts); nothing else
 * can reach it, so a public route cannot act for anyone by mistake.
 */
export interface Caller {
  readonly userId: number;
  /** The sign-in (refresh-token family) the access token names, when it names one. */
  readonly sessionFamilyId: string | undefined;
}
