/** The parts of an OpenAPI 3.1 document the reference page reads. */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  additionalProperties?: boolean | JsonSchema;
  default?: unknown;
  examples?: unknown[];
  example?: unknown;
  format?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  description?: string;
  schema: JsonSchema;
}

export interface Operation {
  operationId: string;
  tags: string[];
  summary: string;
  description: string;
  parameters: Parameter[];
  requestBody?: { content: { 'application/json': { schema: JsonSchema } } };
  /** Success answers are `application/json`, errors `application/problem+json` (RFC 9457). */
  responses: Record<string, { description: string; content?: Record<string, { schema: JsonSchema }> }>;
}

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description: string };
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, JsonSchema> };
}

export interface OperationEntry {
  method: string;
  path: string;
  operation: Operation;
}

/** Every operation of the document, in document order. */
export function operationsOf(document: OpenApiDocument): OperationEntry[] {
  return Object.entries(document.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })));
}

/** Follows a local `$ref` to its schema; unknown references resolve to an empty schema. */
export function resolve(document: OpenApiDocument, schema: JsonSchema): JsonSchema {
  let current = schema;
  for (let hops = 0; current.$ref && hops < 10; hops++) {
    const name = current.$ref.replace('#/components/schemas/', '');
    current = document.components.schemas[name] ?? {};
  }
  return current;
}

/** A plausible example value for a schema, to pre-fill the "Try it" body. */
export function exampleOf(document: OpenApiDocument, input: JsonSchema, depth = 0): unknown {
  const schema = resolve(document, input);
  if (schema.example !== undefined) return schema.example;
  if (schema.examples?.length) return schema.examples[0];
  if (schema.default !== undefined) return schema.default;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.const !== undefined) return schema.const;
  const variant = schema.anyOf?.[0] ?? schema.oneOf?.[0] ?? schema.allOf?.[0];
  if (variant) return exampleOf(document, variant, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((candidate) => candidate !== 'null') : schema.type;
  if (type === 'object' || schema.properties) {
    if (depth > 3) return {};
    const required = new Set(schema.required ?? []);
    return Object.fromEntries(
      Object.entries(schema.properties ?? {})
        .filter(([name]) => required.has(name))
        .map(([name, property]) => [name, exampleOf(document, property, depth + 1)]),
    );
  }
  if (type === 'array') return depth > 3 || !schema.items ? [] : [exampleOf(document, schema.items, depth + 1)];
  if (type === 'integer' || type === 'number') return schema.minimum ?? 1;
  if (type === 'boolean') return true;
  if (schema.format === 'uri' || /url/i.test(schema.description ?? '')) return 'https://example.com/';
  return 'string';
}
