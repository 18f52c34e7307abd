import { z } from 'zod';
import { type JsonSchema, jsonSchemaOf, propertiesOf } from '../openapi/json-schema';
import type { Access, ProcedureMeta } from '../procedure-meta';
import { appRouter } from '../routers/index';
import type { RestMapping } from './mapping';

/** One fixed /api path, derived from the meta, input and output of the procedure it calls. */
export interface RestEndpoint extends RestMapping {
  /** Where the caller finds the procedure: `coins.updatePackage`. */
  procedure: string;
  access: Access;
  input: z.ZodType | null;
  output: z.ZodType;
  /** Path parameters in order, each with the input field it fills and whether that field is a number. */
  pathParams: PathParam[];
  /** Where the other input fields come from; null when the path is the whole input (or there is none). */
  fieldsFrom: 'body' | 'query' | null;
}

export interface PathParam {
  name: string;
  field: string;
  /** The input reads it as a number: the adapter hands it on as one. */
  numeric: boolean;
}

/** `/api/users/{id}/profile` -> `['id']`. */
export function pathParamsOf(path: string): string[] {
  return [...path.matchAll(/\{([A-Za-z0-9_]+)\}/g)].map((m) => m[1] ?? '');
}

/** The parts of tRPC's procedure definition this reads: present at run time, not all in its public type. */
interface ProcedureDef {
  meta?: unknown;
  inputs: unknown[];
  output?: unknown;
}

function defOf(value: unknown): ProcedureDef | null {
  const def = typeof value === 'function' ? (value as { _def?: unknown })._def : undefined;
  return typeof def === 'object' && def !== null && Array.isArray((def as ProcedureDef).inputs)
    ? (def as ProcedureDef)
    : null;
}

function endpointsOf(procedure: string, def: ProcedureDef): RestEndpoint[] {
  // Every procedure states what it answers, REST path or not: the web app's types come from it too.
  const { output } = def;
  if (!(output instanceof z.ZodType)) throw new Error(`${procedure} declares no .output()`);
  // The meta type is the one trpc.ts gives tRPC; tRPC types a single procedure's meta as unknown.
  const meta = (def.meta ?? {}) as ProcedureMeta;
  if (!meta.rest) return [];
  const [input, ...more] = def.inputs;
  if (more.length > 0 || (input !== undefined && !(input instanceof z.ZodType))) {
    throw new Error(`${procedure}: a REST procedure takes one zod input`);
  }
  const access = meta.access;
  if (!access) throw new Error(`${procedure}: built on a procedure without access`);
  const json = input ? jsonSchemaOf(input, 'input') : null;
  const properties: Record<string, JsonSchema> = json ? propertiesOf(json).properties : {};
  const mappings: readonly RestMapping[] = Array.isArray(meta.rest) ? meta.rest : [meta.rest];
  return mappings.map((mapping) => {
    const pathParams = pathParamsOf(mapping.path).map((name): PathParam => {
      const field = mapping.paramFields?.[name] ?? name;
      const schema = properties[field];
      if (!schema) throw new Error(`${mapping.path}: {${name}} fills no input field of ${procedure}`);
      return { name, field, numeric: ['integer', 'number'].includes(String(schema.type)) };
    });
    const fromPath = new Set(pathParams.map((p) => p.field));
    // An input that is not a plain object (a union, say) is read whole from the body or query.
    const hasFields =
      json !== null && (json.properties === undefined || Object.keys(properties).some((name) => !fromPath.has(name)));
    const fieldsFrom = !hasFields ? null : mapping.method === 'GET' || mapping.inputFrom === 'query' ? 'query' : 'body';
    return {
      ...mapping,
      procedure,
      access,
      input: input ?? null,
      output,
      pathParams,
      fieldsFrom,
    };
  });
}

let derived: RestEndpoint[] | null = null;

/**
 * Every procedure's REST paths, in router order; built on first use (at start-up) and kept. A
 * procedure without `.output()` or a path that names no input field stops the app from starting.
 */
export function restEndpoints(): RestEndpoint[] {
  // Flat at run time ('coins.updatePackage' -> procedure), whatever tRPC's type of it says.
  const procedures: Record<string, unknown> = appRouter._def.procedures;
  derived ??= Object.entries(procedures).flatMap(([path, procedure]) => {
    const def = defOf(procedure);
    if (!def) throw new Error(`${path} is not a procedure`);
    return endpointsOf(path, def);
  });
  return derived;
}
