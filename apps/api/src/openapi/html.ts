import type { OpenApiDocument, OpenApiOperation } from './document';

/**
 * GET /api/docs: the OpenAPI document rendered on the server into one plain HTML page. No script and
 * no CDN, so it works offline and under the shop's CSP (inline styles are allowed, scripts are not).
 */

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const ACCESS_LABEL: Record<OpenApiOperation['x-access'], string> = {
  public: 'Public',
  'signed-in': 'Signed in',
  admin: 'Admin only',
};

const json = (value: unknown) => `<pre>${escapeHtml(JSON.stringify(value, null, 2))}</pre>`;

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  description?: string;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
};

const SAFE_LIMIT = 9007199254740991;

/** A one-line type: 'string', 'integer | null', 'one of: a, b', 'array of object'. */
function typeLabel(schema: Schema): string {
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return `one of: ${schema.enum.map((v) => String(v)).join(', ')}`;
  if (schema.anyOf) return schema.anyOf.map(typeLabel).join(' | ');
  if (schema.type === 'array') return `array of ${schema.items ? typeLabel(schema.items) : 'any'}`;
  if (Array.isArray(schema.type)) return schema.type.join(' | ');
  return schema.type ?? 'any';
}

/** Bounds and notes worth reading; the integer limits zod adds to every int are noise. */
function notes(schema: Schema): string {
  const parts: string[] = [];
  if (schema.minimum !== undefined && Math.abs(schema.minimum) !== SAFE_LIMIT) parts.push(`min ${schema.minimum}`);
  if (schema.maximum !== undefined && Math.abs(schema.maximum) !== SAFE_LIMIT) parts.push(`max ${schema.maximum}`);
  if (schema.minLength !== undefined) parts.push(`length ≥ ${schema.minLength}`);
  if (schema.maxLength !== undefined) parts.push(`length ≤ ${schema.maxLength}`);
  if (schema.pattern) parts.push(`pattern ${schema.pattern}`);
  if (schema.format) parts.push(schema.format);
  if (schema.default !== undefined) parts.push(`default ${JSON.stringify(schema.default)}`);
  if (schema.description) parts.push(schema.description);
  for (const option of schema.anyOf ?? []) {
    const inner = notes(option);
    if (inner) parts.push(inner);
  }
  return parts.join('; ');
}

function fieldRows(schema: Schema, prefix: string): string[] {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).flatMap(([name, field]) => {
    const path = `${prefix}${name}`;
    const row = `<tr><td><code>${escapeHtml(path)}</code></td><td>${escapeHtml(typeLabel(field))}</td><td>${required.has(name) ? 'yes' : 'no'}</td><td>${escapeHtml(notes(field))}</td></tr>`;
    // Nested objects (and arrays of them) list their fields under dotted names.
    const nested = field.properties ? field : field.items?.properties ? field.items : undefined;
    return nested ? [row, ...fieldRows(nested, field.items ? `${path}[].` : `${path}.`)] : [row];
  });
}

/** An object (or an array of objects) as a field table; anything else as pretty JSON. */
function schemaHtml(value: unknown): string {
  const schema = value as Schema;
  const object = schema.properties ? schema : schema.type === 'array' && schema.items?.properties ? schema.items : null;
  if (!object) return json(value);
  const rows = fieldRows(object, '');
  const intro = object === schema ? '' : '<p class="note">An array; each item:</p>';
  if (rows.length === 0) return `${intro}<p class="note">An object with no fields.</p>`;
  return `${intro}<div class="scroll"><table><thead><tr><th>Field</th><th>Type</th><th>Required</th><th>Notes</th></tr></thead><tbody>${rows.join('')}</tbody></table></div>`;
}

type Parameter = { name: string; in: string; required?: boolean; description?: string; schema?: unknown };

function parametersTable(parameters: Parameter[]): string {
  const rows = parameters
    .map(
      (p) =>
        `<tr><td><code>${escapeHtml(p.name)}</code></td><td>${escapeHtml(p.in)}</td><td>${p.required ? 'yes' : 'no'}</td>` +
        `<td>${escapeHtml(typeLabel((p.schema ?? {}) as Schema))}</td><td>${escapeHtml([notes((p.schema ?? {}) as Schema), p.description ?? ''].filter(Boolean).join('; '))}</td></tr>`,
    )
    .join('');
  return `<div class="scroll"><table><thead><tr><th>Name</th><th>In</th><th>Required</th><th>Type</th><th>Notes</th></tr></thead><tbody>${rows}</tbody></table></div>`;
}

function responsesList(doc: OpenApiDocument, op: OpenApiOperation): string {
  const items = Object.entries(op.responses).map(([status, response]) => {
    const ref = typeof response.$ref === 'string' ? response.$ref.split('/').pop() : undefined;
    const resolved = ref ? doc.components.responses[ref] : response;
    const description = String(resolved?.description ?? '');
    return `<li><span class="status s${status[0]}">${escapeHtml(status)}</span> ${escapeHtml(description)}</li>`;
  });
  return `<ul class="responses">${items.join('')}</ul>`;
}

function operationHtml(doc: OpenApiDocument, path: string, method: string, op: OpenApiOperation): string {
  const body = op.requestBody?.content['application/json'].schema;
  // The success reply: a 200, or the 302 of a redirecting route.
  const success = (op.responses['200'] ?? op.responses['302']) as
    | { description?: string; content?: { 'application/json': { schema: unknown } } }
    | undefined;
  const reply = success?.content?.['application/json'].schema;
  const headers = (success as { headers?: Record<string, { description: string }> } | undefined)?.headers;
  return `<section class="op" id="${escapeHtml(op.operationId)}">
<h3><span class="method m-${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h3>
<p>${escapeHtml(op.summary)} <span class="access a-${op['x-access']}">${ACCESS_LABEL[op['x-access']]}</span></p>
${op.description ? `<p class="desc">${escapeHtml(op.description)}</p>` : ''}
${op.parameters?.length ? `<h4>Parameters</h4>${parametersTable(op.parameters as Parameter[])}` : ''}
${body ? `<h4>Request body (application/json)</h4>${schemaHtml(body)}` : ''}
<h4>Reply</h4>
${reply ? schemaHtml(reply) : `<p>${escapeHtml(String(success?.description ?? ''))}</p>`}
${
  headers
    ? `<p>Headers: ${Object.entries(headers)
        .map(([n, h]) => `<code>${escapeHtml(n)}</code> ${escapeHtml(h.description)}`)
        .join('; ')}</p>`
    : ''
}
${responsesList(doc, op)}
</section>`;
}

const STYLE = `
body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:0;color:#1a1b1e;background:#f8f9fa;line-height:1.45}
main{max-width:1000px;margin:0 auto;padding:16px}
h1{font-size:1.6rem;margin:.5rem 0}h2{margin-top:2rem;border-bottom:2px solid #dee2e6;padding-bottom:4px}
h3{font-size:1rem;margin:0 0 4px;word-break:break-all}h4{margin:10px 0 4px;font-size:.85rem;color:#495057}
.op{background:#fff;border:1px solid #dee2e6;border-radius:8px;padding:12px 14px;margin:10px 0}
.method{display:inline-block;min-width:56px;text-align:center;border-radius:4px;color:#fff;font-size:.75rem;padding:2px 6px}
.m-get{background:#1c7ed6}.m-post{background:#2f9e44}.m-put,.m-patch{background:#e67700}.m-delete{background:#e03131}
.access{font-size:.75rem;border-radius:10px;padding:1px 8px;margin-left:6px;background:#e9ecef}
.a-admin{background:#ffe3e3}.a-signed-in{background:#fff3bf}.a-public{background:#d3f9d8}
pre{background:#f1f3f5;border-radius:6px;padding:8px;overflow:auto;max-height:320px;font-size:.8rem;margin:0}
.scroll{overflow-x:auto}table{border-collapse:collapse;font-size:.85rem;width:100%}
td,th{border:1px solid #dee2e6;padding:4px 6px;text-align:left;vertical-align:top}
.responses{list-style:none;padding:0;margin:6px 0 0;font-size:.85rem}.status{display:inline-block;min-width:34px;font-weight:600}
.s2{color:#2f9e44}.s3{color:#1c7ed6}.s4{color:#e67700}.s5{color:#e03131}nav{display:flex;flex-wrap:wrap;gap:4px 12px}
.note{font-size:.85rem;color:#495057;margin:4px 0}code{font-size:.85em}
`;

export function renderReferenceHtml(doc: OpenApiDocument): string {
  const byTag = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const tag = op.tags[0] ?? 'Other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), operationHtml(doc, path, method, op)]);
    }
  }
  const tags = [...byTag.keys()].sort();
  const slug = (tag: string) => `tag-${tag.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(doc.info.title)} reference</title><style>${STYLE}</style></head>
<body><main>
<h1>${escapeHtml(doc.info.title)} <small>${escapeHtml(doc.info.version)}</small></h1>
<p>${escapeHtml(doc.info.description)}</p>
<p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI ${doc.openapi}).
Errors answer <code>{"status":"error","message":"..."}</code>.</p>
<nav>${tags.map((t) => `<a href="#${slug(t)}">${escapeHtml(t)}</a>`).join('')}</nav>
${tags.map((t) => `<h2 id="${slug(t)}">${escapeHtml(t)}</h2>${(byTag.get(t) ?? []).join('\n')}`).join('\n')}
</main></body></html>`;
}
