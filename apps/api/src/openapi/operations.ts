import type { RestEndpoint } from '../rest/endpoints';
import { PAGE_HEADERS } from '../rest/paging';
import type { DocumentedOperation } from './document';
import { type JsonSchema, jsonSchemaOf, propertiesOf } from './json-schema';

/** The schema without the fields the path carries (the adapter takes those from the URL). */
function withoutFields(json: JsonSchema, names: readonly string[]): JsonSchema {
  const { properties, required } = propertiesOf(json);
  if (!names.some((name) => name in properties)) return json;
  const kept = Object.fromEntries(Object.entries(properties).filter(([name]) => !names.includes(name)));
  const left = required.filter((name) => !names.includes(name));
  const { required: _all, ...rest } = json;
  return { ...rest, properties: kept, ...(left.length > 0 && { required: left }) };
}

/** A paged reply is its items (the cursor travels in headers). */
function replyOf(endpoint: RestEndpoint): JsonSchema {
  const json = jsonSchemaOf(endpoint.output, 'output');
  if (!endpoint.paged) return json;
  const items = propertiesOf(json).properties.items;
  if (!items) throw new Error(`${endpoint.path}: a paged output has items`);
  return items;
}

/** What the reference says of a procedure's REST path: all of it read from the procedure. */
export function operationOfEndpoint(endpoint: RestEndpoint): DocumentedOperation {
  const input = endpoint.input ? jsonSchemaOf(endpoint.input, 'input') : null;
  const properties: Record<string, JsonSchema> = input ? propertiesOf(input).properties : {};
  const fromPath = endpoint.pathParams.map((p) => p.field);
  const fields = input && endpoint.fieldsFrom ? withoutFields(input, fromPath) : undefined;
  const header = endpoint.headerInput;
  return {
    method: endpoint.method,
    path: endpoint.path,
    summary: endpoint.summary,
    tag: endpoint.tag,
    access: endpoint.access,
    ...(endpoint.description && { description: endpoint.description }),
    pathParams: Object.fromEntries(endpoint.pathParams.map((p) => [p.name, properties[p.field] ?? {}])),
    ...(endpoint.fieldsFrom === 'query' && fields && { query: fields }),
    ...(endpoint.fieldsFrom === 'body' && fields && { body: fields }),
    response: replyOf(endpoint),
    errors: endpoint.errors ?? [],
    requestHeaders: header ? { [header.header]: header.description } : {},
    responseHeaders: endpoint.paged ? { ...PAGE_HEADERS } : {},
  };
}
