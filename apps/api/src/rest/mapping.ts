/**
 * What a procedure's `.types.ts` says about its fixed `/api` path. The REST adapter and
 * GET /api/openapi.json are both derived from it, so a route is described once.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Groups routes in the reference. */
export type ApiTag =
  | 'Accounts'
  | 'Actions'
  | 'Admin'
  | 'Categories'
  | 'Coins'
  | 'Community'
  | 'Diagnostics'
  | 'Earning'
  | 'Endpoints'
  | 'History'
  | 'Payments'
  | 'Queue'
  | 'Reference'
  | 'Stream';

/**
 * Failure statuses a route answers beyond those its shape implies (400 for input, 401 when not
 * public, 403 for admins only, 404 for a path parameter, 413 for a body): what the procedure throws.
 */
export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 422 | 429 | 502 | 503;

export interface RestMapping {
  method: HttpMethod;
  /** The exact path, parameters in OpenAPI form (`/api/categories/{id}`); each names an input field. */
  path: `/api/${string}`;
  summary: string;
  tag: ApiTag;
  /** Longer notes for the reference: headers read, special behaviour. */
  description?: string;
  errors?: readonly ErrorStatus[];
  /** The input field a path parameter fills, where the names differ (`{id}` -> `userId`). */
  paramFields?: Record<string, string>;
  /**
   * Where the fields that are not path parameters come from. GET reads the query string and the
   * other methods a JSON body, unless this says otherwise (a capture takes its package in the query).
   */
  inputFrom?: 'query';
  /** A request header that fills an input field the request leaves out (`Idempotency-Key` -> `requestId`). */
  headerInput?: { header: string; field: string; description: string };
  /**
   * The procedure answers a page (`{ items, nextCursor }`). Existing clients read a plain array, so
   * the reply is the items and where the next page starts travels in X-Next-Cursor and a Link header.
   */
  paged?: true;
}
