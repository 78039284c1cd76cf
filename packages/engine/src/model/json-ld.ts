import type { JsonLdBlock, JsonLdNode } from './types';

const MAX_NODES = 500;

export function parseJsonLd(raw: string): JsonLdBlock {
  const text = raw.replace(/^\s*(?:<!--|<!\[CDATA\[)|(?:-->|\]\]>)\s*$/g, '').trim();
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    return { raw, error: e instanceof Error ? e.message : String(e), nodes: [] };
  }
  const nodes: JsonLdNode[] = [];
  const add = (value: unknown, context: unknown): void => {
    if (Array.isArray(value)) {
      for (const v of value) add(v, context);
      return;
    }
    if (!isObject(value)) return;
    const ctx = value['@context'] ?? context;
    if (Array.isArray(value['@graph'])) {
      for (const g of value['@graph']) add(isObject(g) && ctx !== undefined && g['@context'] === undefined ? { '@context': ctx, ...g } : g, ctx);
      const rest = Object.keys(value).filter((k) => k !== '@graph' && k !== '@context');
      if (rest.length > 0 && value['@type'] !== undefined) nodes.push(value);
      return;
    }
    nodes.push(value);
  };
  add(data, undefined);
  return { raw, error: null, nodes };
}

/** Every object with an @type inside the given nodes, nested ones included. */
export function collectTypedNodes(blocks: JsonLdBlock[]): JsonLdNode[] {
  const out: JsonLdNode[] = [];
  const seen = new Set<unknown>();
  const walk = (value: unknown, depth: number): void => {
    if (out.length >= MAX_NODES || depth > 8) return;
    if (Array.isArray(value)) {
      for (const v of value) walk(v, depth + 1);
      return;
    }
    if (!isObject(value) || seen.has(value)) return;
    seen.add(value);
    if (value['@type'] !== undefined) out.push(value);
    for (const key in value) {
      if (key !== '@context') walk(value[key], depth + 1);
    }
  };
  for (const block of blocks) for (const node of block.nodes) walk(node, 0);
  return out;
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The node's types as plain names ("Article"), with schema.org prefixes removed. */
export function typesOf(node: JsonLdNode): string[] {
  const t = node['@type'];
  const list = Array.isArray(t) ? t : [t];
  return list.filter((x): x is string => typeof x === 'string').map((x) => x.replace(/^(?:https?:\/\/schema\.org\/|schema:)/i, ''));
}

export function stringValue(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() || null;
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.length > 0 ? stringValue(value[0]) : null;
  if (isObject(value)) return stringValue(value['@value'] ?? value.name ?? value['@id'] ?? value.url);
  return null;
}
