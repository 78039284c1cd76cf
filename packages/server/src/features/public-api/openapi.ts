import { z } from 'zod';
import { API_KEY_MESSAGES, DEFAULT_API_RATE_LIMIT_PER_MINUTE, problemDetailsSchema } from '@citable/contract';
import { CORS_ALLOW_HEADERS, CORS_ALLOW_METHODS } from './cors';
import { PROBLEM_CONTENT_TYPE, toProblem } from './problem-details';
import { V1_EXAMPLES } from './v1-examples';
import type { V1Route } from './v1-routes';

/** The docs page whose sections the problem `type` URIs point at (`#problem-rate-limited`...). */
export const PROBLEM_DOCS_PATH = '/docs/api-overview';

type JsonSchema = Record<string, unknown>;

const API_KEY_MISSING = API_KEY_MESSAGES.missing;

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid request (a field, the JSON, or a cursor): `errors` lists each problem.',
  401: 'Missing, unknown or revoked API key.',
  403: "The key owner's plan does not include this; `requiredPlan` names the plan that does.",
  404: "No such resource in the key owner's account.",
  409: "Conflicts with the account's state (an audit already running, an address already listed, the last website).",
  422: 'The page could not be read (the crawler says why).',
  429: "Rate limit exceeded (the key's, or for audits and tools the account's budget shared by all its keys); retry after `Retry-After` seconds.",
};

const RATE_HEADERS = {
  'RateLimit-Limit': { description: 'Requests allowed per window.', schema: { type: 'integer' } },
  'RateLimit-Remaining': { description: 'Requests left in this window.', schema: { type: 'integer' } },
  'RateLimit-Reset': { description: 'Seconds until the window resets.', schema: { type: 'integer' } },
};

const LOCATION_HEADER = { Location: { description: 'Path of the created resource.', schema: { type: 'string' } } };

/** OpenAPI `examples` of one value. */
const examplesOf = (summary: string, value: unknown) => ({ examples: { [summary.replace(/\W+/g, '_')]: { summary, value } } });

/** PascalCase component name of an operation's schema. */
const componentName = (operationId: string, suffix: string) => `${operationId.charAt(0).toUpperCase()}${operationId.slice(1)}${suffix}`;

/**
 * JSON Schema (2020-12, as OpenAPI 3.1 uses) of one zod schema. Nested definitions zod emits
 * under `$defs` are hoisted into components so that every `$ref` resolves from the document root.
 */
function toComponent(schema: z.ZodType, io: 'input' | 'output', name: string, components: Record<string, JsonSchema>): { $ref: string } {
  const json = z.toJSONSchema(schema, { io, target: 'draft-2020-12', unrepresentable: 'any', reused: 'inline' }) as JsonSchema;
  const { $schema: _schema, $defs, ...body } = json as JsonSchema & { $defs?: Record<string, JsonSchema> };
  const rename = (defName: string) => `${name}_${defName}`;
  const rewrite = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rewrite);
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value).map(([key, inner]) =>
          key === '$ref' && typeof inner === 'string'
            ? [key, inner === '#' ? `#/components/schemas/${name}` : inner.replace(/^#\/\$defs\/(.+)$/, (_m, def: string) => `#/components/schemas/${rename(def)}`)]
            : [key, rewrite(inner)],
        ),
      );
    }
    return value;
  };
  for (const [defName, def] of Object.entries($defs ?? {})) components[rename(defName)] = rewrite(def) as JsonSchema;
  components[name] = rewrite(body) as JsonSchema;
  return { $ref: `#/components/schemas/${name}` };
}

function parameters(route: V1Route, where: 'path' | 'query'): JsonSchema[] {
  const object = where === 'path' ? route.params : route.query;
  if (!object) return [];
  const json = z.toJSONSchema(object, { io: 'input', target: 'draft-2020-12', unrepresentable: 'any' }) as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, schema]) => {
    const { description, ...rest } = schema;
    return { name, in: where, required: where === 'path' || (json.required ?? []).includes(name), description, schema: rest };
  });
}

export interface OpenApiOptions {
  serverUrl: string;
  rateLimitPerMinute?: number;
  /** Audits and tool runs per minute per account, shared by all its keys, sessions and MCP calls (0: off). */
  expensivePerMinute?: number;
}

/** The OpenAPI 3.1 document of the public API, built from the route table and the contract's schemas. */
export function buildOpenApiDocument(routes: readonly V1Route[], options: OpenApiOptions): JsonSchema {
  const components: Record<string, JsonSchema> = {};
  const problemRef = toComponent(problemDetailsSchema, 'output', 'Problem', components);
  const docsBase = `${options.serverUrl}${PROBLEM_DOCS_PATH}`;
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const route of routes) {
    const path = route.path.replace(/:([A-Za-z]+)/g, '{$1}');
    const examples = V1_EXAMPLES[route.operationId];
    // `instance` is a URI reference: a template's braces have no place in it.
    const instancePath = path.replace(/\{[^}]+\}/g, 'example-id');
    const success = route.success;
    const responses: Record<string, JsonSchema> = {
      [success.status]: {
        description: success.description,
        headers: route.location ? { ...RATE_HEADERS, ...LOCATION_HEADER } : RATE_HEADERS,
        ...(success.schema
          ? {
              content: {
                'application/json': {
                  schema: toComponent(success.schema, 'output', componentName(route.operationId, 'Response'), components),
                  ...(examples?.success !== undefined ? examplesOf(examples.success.summary, examples.success.value) : {}),
                },
              },
            }
          : {}),
      },
    };
    for (const status of [...route.errors, 401, 429].sort()) {
      const example = examples?.errors.find((error) => error.status === status);
      const problem = (detail: string, summary: string, details?: { path: string; message: string }[]) =>
        examplesOf(summary, toProblem(docsBase, status, { error: detail, ...(details ? { details } : {}), ...(example?.requiredPlan ? { requiredPlan: example.requiredPlan } : {}) }, instancePath));
      responses[status] = {
        description: ERROR_DESCRIPTIONS[status] ?? 'Error.',
        ...(status === 429 ? { headers: { ...RATE_HEADERS, 'Retry-After': { description: 'Seconds to wait.', schema: { type: 'integer' } } } } : {}),
        content: {
          [PROBLEM_CONTENT_TYPE]: {
            schema: problemRef,
            ...(example ? problem(example.detail, example.summary, example.details) : status === 401 ? problem(API_KEY_MISSING, 'No API key') : {}),
          },
        },
      };
    }
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = {
      operationId: route.operationId,
      tags: [route.tag],
      summary: route.summary,
      description: route.description,
      parameters: [...parameters(route, 'path'), ...parameters(route, 'query')],
      ...(route.body
        ? {
            requestBody: {
              required: true,
              content: {
                'application/json': {
                  schema: toComponent(route.body, 'input', componentName(route.operationId, 'Request'), components),
                  ...(examples?.request !== undefined ? examplesOf(examples.request.summary, examples.request.value) : {}),
                },
              },
            },
          }
        : {}),
      responses,
    };
  }
  const limit = options.rateLimitPerMinute ?? DEFAULT_API_RATE_LIMIT_PER_MINUTE;
  const expensive = options.expensivePerMinute
    ? ` Audits and tool runs also count against the account: at most ${options.expensivePerMinute} per minute in total, whichever of its keys, sessions or MCP tool calls makes them.`
    : '';
  return {
    openapi: '3.1.0',
    info: {
      title: 'Citable API',
      version: '1.0.0',
      description: `Audit pages and sites, manage the account's websites and competitors, and run Citable's tools from your own code. Authenticate with an API key from Settings as \`Authorization: Bearer <key>\`. Each key may make ${limit} requests per minute.${expensive} Lists are paged with an opaque \`cursor\` (\`nextCursor\` of the previous page). Errors are RFC 9457 problem details (\`application/problem+json\`). Browsers may call the API from any origin with a key (CORS: methods ${CORS_ALLOW_METHODS}; headers ${CORS_ALLOW_HEADERS}); cookies are never accepted.`,
    },
    servers: [{ url: options.serverUrl }],
    security: [{ bearerAuth: [] }],
    tags: [
      { name: 'Audits', description: 'AI visibility audits of pages and sites.' },
      { name: 'Websites', description: "The account's own websites, as in Settings." },
      { name: 'Competitors', description: "The account's competitors, as in Settings." },
      { name: 'Tools', description: "The dashboard's tools, gated by the key owner's plan." },
    ],
    paths,
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', description: 'An API key from Settings, ck_live_...' } },
      schemas: components,
    },
  };
}
