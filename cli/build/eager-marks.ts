// Marks a bundle's functions for V8's eager compilation (decision 057): the second half of the
// Worker script's first build stage (cli/build/worker-script.ts). V8 compiles a function when it is
// first called, unless
// its parser met the function right after a `(`: it then guesses the function is called at once
// and compiles it with the code around it. Four rewrites put functions there, each keeping what
// the code does:
// - a function expression not already in parentheses is put in them;
// - an arrow function that reads no `this`, `arguments`, `super` or `new.target` of its own scope
//   (and calls no `eval`, which could) becomes a parenthesized function expression (`a => a.b` to
//   `(function(a){return a.b})`); it then has a `prototype` and could be called with `new`, which
//   the code never does;
// - a method of an object literal that reads no `super` (and calls no `eval`) becomes a property
//   holding a parenthesized function expression (`m(a) {...}` to `m: (function(a) {...})`, its
//   `async` and `*` kept); it still takes the key as its name and, being unnamed, binds no name of
//   its own inside; a plain one then has a `prototype`, could be called with `new` or extended by a
//   class, and its `toString()` reads `function(a) {...}`: the code does none of these. A
//   `__proto__` method stays (as a property it would set the object's prototype);
// - a function declaration at the top of a module or a function body becomes
//   `var name = (function () {...});` (unnamed, so `name` inside it is still the binding, which the
//   code may reassign) moved to the top of that body, where the declaration's hoisting had put its
//   binding; a `;` stays where it was.
// Getters, setters, class members, declarations inside blocks, `export function` declarations and
// names declared twice in one body stay as they are (lazy). A marked function inside one that stays
// lazy is compiled when that one is.
import { parse } from 'acorn';
import { ancestor } from 'acorn-walk';
import MagicString from 'magic-string';

/** An ESTree node as acorn gives it, read by field name. */
// biome-ignore lint/suspicious/noExplicitAny: the walk reads every node kind's own fields.
type Node = any;

/** How many functions of each kind were marked, and how many were left lazy. */
export interface MarkCounts {
  expressions: number;
  arrows: number;
  declarations: number;
  methods: number;
  arrowsLeft: number;
  declarationsLeft: number;
  methodsLeft: number;
}

const FUNCTION_TYPES = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression']);

/** What a walk does at a node: stop, having found it (true); go into it (false); pass it by ('skip'). */
type Verdict = boolean | 'skip';

/** Whether a node inside these nodes (themselves included) is one `test` finds, walking where it lets. */
function holds(nodes: Node[], test: (node: Node) => Verdict): boolean {
  let found = false;
  const visit = (node: Node): void => {
    if (found || !node || typeof node.type !== 'string') return;
    const verdict = test(node);
    if (verdict === true) found = true;
    if (verdict !== false) return;
    for (const key in node) {
      const value = node[key];
      if (Array.isArray(value)) for (const v of value) visit(v);
      else if (value && typeof value === 'object') visit(value);
    }
  };
  for (const n of nodes) visit(n);
  return found;
}

/** A read of the enclosing scope's `this`, `arguments`, `super` or `new.target` (or an `eval`, which could read them). */
function enclosingThis(node: Node): Verdict {
  switch (node.type) {
    case 'ThisExpression':
    case 'Super':
    case 'MetaProperty':
      return true;
    case 'Identifier':
      return node.name === 'arguments' || node.name === 'eval';
    // These bind their own `this`; a class member's computed key is read in the enclosing scope.
    case 'FunctionExpression':
    case 'FunctionDeclaration':
    case 'StaticBlock':
      return 'skip';
    case 'MethodDefinition':
    case 'PropertyDefinition':
      return node.computed && holds([node.key], enclosingThis) ? true : 'skip';
  }
  return false;
}

/** Whether an arrow reads its enclosing scope's `this`, `arguments`, `super` or `new.target`. */
const readsEnclosingThis = (arrow: Node): boolean => holds([...arrow.params, arrow.body], enclosingThis);

/** Whether any function is written inside these nodes (an arrow's default parameters, say). */
const holdsFunction = (nodes: Node[]): boolean => holds(nodes, (node) => FUNCTION_TYPES.has(node.type));

/** Whether a method reads `super`, or calls an `eval` that could. */
const readsSuper = (method: Node): boolean =>
  holds([method], (node) => node.type === 'Super' || (node.type === 'Identifier' && node.name === 'eval'));

/** The modifiers an object method may be written with before its key: `async`, `*`, both. */
const METHOD_HEAD = /^(async\b\s*)?(\*\s*)?$/;

/** Names declared more than once by the function declarations of one body: left in place. */
function repeatedNames(statements: Node[]): Set<string> {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const s of statements)
    if (s.type === 'FunctionDeclaration' && s.id) (seen.has(s.id.name) ? repeated : seen).add(s.id.name);
  return repeated;
}

/**
 * Marks the functions of `source`, an ES module (a bundle): returns the edit (its text is the marked
 * source; it also gives the source map) and how many functions of each kind were marked or left.
 */
export function markForEagerCompile(source: string): { out: MagicString; counts: MarkCounts } {
  const ast = parse(source, { ecmaVersion: 'latest', sourceType: 'module', preserveParens: true });
  const out = new MagicString(source);
  const counts: MarkCounts = {
    expressions: 0,
    arrows: 0,
    declarations: 0,
    methods: 0,
    arrowsLeft: 0,
    declarationsLeft: 0,
    methodsLeft: 0,
  };
  const repeatedIn = new Map<Node, Set<string>>();

  /** Where a declaration in this body moves to: its first statement after any directive. */
  function bodyTop(statements: Node[]): number {
    return statements.find((s) => s.directive === undefined).start;
  }

  /**
   * `async *key(...) {...}` as `key: (async function*(...) {...})`: the modifiers before the key are
   * taken off and the function's head is put between the key and its parameters. A method that
   * reads `super` (or calls `eval`), is keyed `__proto__`, or is written in a way this does not
   * expect (a comment before its key) stays.
   */
  function markMethod(property: Node, fn: Node): void {
    const key = property.key;
    const keyStart = property.computed ? source.lastIndexOf('[', key.start - 1) : key.start;
    const proto = !property.computed && (key.name ?? key.value) === '__proto__';
    if (proto || !METHOD_HEAD.test(source.slice(property.start, keyStart)) || readsSuper(fn)) {
      counts.methodsLeft++;
      return;
    }
    if (keyStart > property.start) out.remove(property.start, keyStart);
    out.prependRight(fn.start, `: (${fn.async ? 'async ' : ''}function${fn.generator ? '*' : ''}`);
    out.appendLeft(fn.end, ')');
    counts.methods++;
  }

  ancestor(ast, {
    FunctionExpression(node: Node, _state: unknown, ancestors: Node[]) {
      const parent = ancestors[ancestors.length - 2];
      if (parent.type === 'MethodDefinition') return;
      if (parent.type === 'Property' && parent.method) {
        markMethod(parent, node);
        return;
      }
      if (parent.type === 'Property' && parent.kind !== 'init') return;
      counts.expressions++;
      if (parent.type === 'ParenthesizedExpression') return;
      out.appendRight(node.start, '(');
      out.appendLeft(node.end, ')');
    },
    ArrowFunctionExpression(node: Node) {
      if (readsEnclosingThis(node) || holdsFunction(node.params)) {
        counts.arrowsLeft++;
        return;
      }
      const params = node.params.map((p: Node) => source.slice(p.start, p.end)).join(', ');
      const head = `(${node.async ? 'async ' : ''}function(${params})`;
      // An expression body (an object literal in its parentheses, which are kept) is returned.
      out.overwrite(node.start, node.body.start, node.expression ? `${head} { return ` : head);
      out.appendLeft(node.end, node.expression ? '})' : ')');
      counts.arrows++;
    },
    FunctionDeclaration(node: Node, _state: unknown, ancestors: Node[]) {
      const parent = ancestors[ancestors.length - 2];
      const owner = ancestors[ancestors.length - 3];
      const topOfBody =
        parent.type === 'Program' || (parent.type === 'BlockStatement' && FUNCTION_TYPES.has(owner?.type));
      if (!topOfBody || !node.id) {
        counts.declarationsLeft++;
        return;
      }
      if (!repeatedIn.has(parent)) repeatedIn.set(parent, repeatedNames(parent.body));
      if (repeatedIn.get(parent)?.has(node.id.name)) {
        counts.declarationsLeft++;
        return;
      }
      out.prependRight(node.start, `var ${node.id.name} = (`);
      out.remove(node.id.start, node.id.end);
      out.appendLeft(node.end, ');');
      const top = bodyTop(parent.body);
      if (top < node.start) {
        out.move(node.start, node.end, top);
        // The statements on either side stay apart wherever the source left out a semicolon.
        out.appendLeft(node.start, ';');
      }
      counts.declarations++;
    },
  });
  return { out, counts };
}
