import type { Plugin } from 'vite';

/** An ESTree node as the bundler's parser returns it (positions are string offsets). */
interface AstNode {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const isNode = (value: unknown): value is AstNode => typeof value === 'object' && value !== null && typeof (value as AstNode).type === 'string';

/** Bodies run when called, not when the module loads: their calls are not the module's. */
const DEFERRED = new Set(['ArrowFunctionExpression', 'FunctionExpression', 'FunctionDeclaration', 'ClassExpression', 'ClassDeclaration']);

function callsIn(node: AstNode, into: number[]): number[] {
  if (DEFERRED.has(node.type)) return into;
  if (node.type === 'CallExpression' || node.type === 'NewExpression') into.push(node.start);
  for (const [key, value] of Object.entries(node)) {
    if (key === 'type' || key === 'start' || key === 'end') continue;
    if (Array.isArray(value)) for (const item of value) if (isNode(item)) callsIn(item, into);
    if (isNode(value)) callsIn(value, into);
  }
  return into;
}

/**
 * Marks every call in the top-level `const` initialisers of matching modules `/* @__PURE__ *\/`,
 * so that a value nobody imports is dropped from the bundle with what it calls.
 *
 * For the contract package: it is declarations only (plans, messages, and zod schemas built at
 * module level, `z.object({...}).strict()`), no IO and no registration. Without the marks the
 * bundler must keep every schema of each contract module a page reads one constant from, and zod
 * with them; with them, the public pages load neither.
 */
export function pureModulePlugin(test: RegExp): Plugin {
  return {
    name: 'citable-pure-module',
    transform(code, id) {
      if (!test.test(id)) return null;
      const program = this.parse(code, { lang: id.endsWith('.ts') ? 'ts' : 'js' }) as unknown as { body: AstNode[] };
      const starts: number[] = [];
      for (const statement of program.body) {
        const declaration = statement.type === 'ExportNamedDeclaration' && isNode(statement.declaration) ? statement.declaration : statement;
        if (declaration.type !== 'VariableDeclaration') continue;
        for (const declarator of declaration.declarations as AstNode[]) if (isNode(declarator.init)) callsIn(declarator.init, starts);
      }
      if (starts.length === 0) return null;
      let result = '';
      let at = 0;
      for (const start of [...new Set(starts)].sort((a, b) => a - b)) {
        result += `${code.slice(at, start)}/* @__PURE__ */ `;
        at = start;
      }
      return { code: result + code.slice(at), map: null };
    },
  };
}
