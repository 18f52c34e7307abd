import { type ZodType, z } from 'zod';

export type JsonSchema = Record<string, unknown>;

/** OpenAPI 3.1 speaks JSON Schema 2020-12, which zod 4 emits directly. */
export function jsonSchemaOf(schema: ZodType, io: 'input' | 'output'): JsonSchema {
  // 'any' for the few things JSON Schema cannot say (a custom check): the schema stays honest about the rest.
  const json = z.toJSONSchema(schema, { io, target: 'draft-2020-12', unrepresentable: 'any' }) as JsonSchema;
  const { $schema: _dialect, ...rest } = json;
  return rest;
}

/** The properties of an object schema, and which are required; empty for anything else. */
export function propertiesOf(json: JsonSchema): { properties: Record<string, JsonSchema>; required: string[] } {
  return {
    properties: (json.properties ?? {}) as Record<string, JsonSchema>,
    required: (json.required ?? []) as string[],
  };
}
