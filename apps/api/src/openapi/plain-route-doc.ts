import type { ZodType } from 'zod';
import type { Access } from '../procedure-meta';
import type { ApiTag, HttpMethod } from '../rest/mapping';
import type { DocumentedOperation } from './document';
import { type JsonSchema, jsonSchemaOf } from './json-schema';

/**
 * The doc entry of an /api route served outside the REST adapter (it needs the raw body, or
 * answers something other than a procedure's result). Each sits beside its handler.
 */
export interface PlainRouteDoc {
  method: HttpMethod;
  /** OpenAPI form: `/api/streamerbot/{segment}`. */
  path: `/api/${string}`;
  summary: string;
  tag: ApiTag;
  access: Access;
  description?: string;
  pathParams?: Record<string, JsonSchema>;
  query?: ZodType;
  body?: ZodType;
  response?: ZodType;
  /** A reply without a fixed schema: what it is instead. */
  unstructured?: string;
  /** The route answers 302 with a Location, never 200: what the redirect is for. */
  redirect?: string;
  errors?: readonly number[];
  requestHeaders?: Record<string, string>;
}

export function operationOfPlainRoute(doc: PlainRouteDoc): DocumentedOperation {
  return {
    method: doc.method,
    path: doc.path,
    summary: doc.summary,
    tag: doc.tag,
    access: doc.access,
    ...(doc.description && { description: doc.description }),
    pathParams: doc.pathParams ?? {},
    ...(doc.query && { query: jsonSchemaOf(doc.query, 'input') }),
    ...(doc.body && { body: jsonSchemaOf(doc.body, 'input') }),
    ...(doc.response && { response: jsonSchemaOf(doc.response, 'output') }),
    ...(doc.unstructured && { unstructured: doc.unstructured }),
    ...(doc.redirect && { redirect: doc.redirect }),
    errors: doc.errors ?? [],
    requestHeaders: doc.requestHeaders ?? {},
    responseHeaders: {},
  };
}
