import type { ReactNode } from 'react';
import { resolve, type JsonSchema, type OpenApiDocument } from './openapi-types';

function typeLabel(document: OpenApiDocument, input: JsonSchema): string {
  const schema = resolve(document, input);
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(' | ');
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return variants.map((variant) => typeLabel(document, variant)).join(' | ');
  const type = Array.isArray(schema.type) ? schema.type.join(' | ') : schema.type;
  if (type === 'array' && schema.items) return `${typeLabel(document, schema.items)}[]`;
  return type ?? (schema.properties ? 'object' : 'any');
}

/** The object schema behind a property, when it has fields worth listing. */
function objectOf(document: OpenApiDocument, input: JsonSchema): JsonSchema | null {
  const schema = resolve(document, input);
  if (schema.properties) return schema;
  if (schema.items) return objectOf(document, schema.items);
  const variant = (schema.anyOf ?? schema.oneOf)?.find((candidate) => resolve(document, candidate).properties);
  return variant ? resolve(document, variant) : null;
}

/**
 * A JSON Schema as a nested list of fields: name, type, required mark, description and
 * constraints. Nesting stops at a few levels, where a schema is just named by its type.
 */
export function SchemaView({ document, schema, depth = 0 }: { document: OpenApiDocument; schema: JsonSchema; depth?: number }): ReactNode {
  const object = objectOf(document, schema);
  if (!object?.properties) return <p className="text-sm text-slate-600">{typeLabel(document, schema)}</p>;
  const required = new Set(object.required ?? []);
  return (
    <ul className={`space-y-2 text-sm ${depth ? 'mt-2 border-l border-slate-200 pl-4' : ''}`}>
      {Object.entries(object.properties).map(([name, property]) => {
        const resolved = resolve(document, property);
        const nested = depth < 3 ? objectOf(document, property) : null;
        return (
          <li key={name}>
            <code className="font-mono font-semibold text-slate-900">{name}</code>{' '}
            <span className="font-mono text-xs text-slate-500">{typeLabel(document, property)}</span>
            {required.has(name) ? <span className="ml-2 text-xs font-medium text-rose-700">required</span> : null}
            {resolved.description ? <p className="text-slate-600">{resolved.description}</p> : null}
            {nested ? <SchemaView document={document} schema={property} depth={depth + 1} /> : null}
          </li>
        );
      })}
    </ul>
  );
}
