// Styles travel with their component (ARCHITECTURE §8, issue 34): every CSS class a module of
// src/ names must be styled by CSS that module loads itself — through its own static imports —
// or by CSS that is always loaded (what src/main.tsx reaches statically). Otherwise the
// component looks right only after some other route happened to load that CSS first.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** One selector of a stylesheet, reduced to the classes it names. */
export interface SelectorClasses {
  /** Classes of the selector's last compound (the element the rule styles). */
  subject: string[];
  /** Classes of its ancestors, siblings and :is()/:has()/:where() arguments. */
  context: string[];
}

/** One selector of a stylesheet: its text (whitespace collapsed) and its classes. */
export interface StyleSelector extends SelectorClasses {
  text: string;
}

/** Text with CSS comments and strings blanked out (offsets kept). */
function blank(css: string): string {
  return css
    .replace(/\/\*[\s\S]*?\*\//g, (m) => ' '.repeat(m.length))
    .replace(/(["'])(?:\\.|(?!\1)[^\\\n])*\1/g, (m) => ' '.repeat(m.length));
}

/** Splits at `separator` characters outside parentheses and brackets. */
function splitTop(text: string, isSeparator: (c: string) => boolean): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (depth === 0 && isSeparator(c)) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts.map((p) => p.trim()).filter(Boolean);
}

const CLASS = /\.(-?[_a-zA-Z][\w-]*)/g;

/** The classes of one complex selector: its subject's, and the rest (not those under :not()). */
export function selectorClasses(selector: string): SelectorClasses {
  const withoutNot = selector.replace(/:not\((?:[^()]|\([^()]*\))*\)/g, '');
  const compounds = splitTop(withoutNot, (c) => /[\s>+~]/.test(c));
  const last = compounds.at(-1) ?? '';
  const lastOwn = last.replace(/\((?:[^()]|\([^()]*\))*\)/g, '');
  const subject = [...lastOwn.matchAll(CLASS)].map((m) => m[1]);
  const all = [...withoutNot.matchAll(CLASS)].map((m) => m[1]);
  const context = [...all];
  for (const name of subject) context.splice(context.indexOf(name), 1);
  return { subject, context };
}

/** Every selector of a stylesheet (inside @media and @supports too; not @keyframes' steps). */
export function stylesheetSelectors(css: string): StyleSelector[] {
  const text = blank(css);
  const selectors: StyleSelector[] = [];
  // The kind of each open block: 'group' (@media…: rules inside), 'rule' or 'skip'.
  const stack: ('group' | 'rule' | 'skip')[] = [];
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === ';') start = i + 1;
    else if (c === '}') {
      stack.pop();
      start = i + 1;
    } else if (c === '{') {
      const prelude = text.slice(start, i).trim();
      start = i + 1;
      const inside = stack.at(-1);
      if (inside === 'skip') stack.push('skip');
      else if (prelude.startsWith('@')) {
        stack.push(/^@(media|supports|container|layer|scope)\b/.test(prelude) ? 'group' : 'skip');
      } else {
        stack.push('rule');
        for (const selector of splitTop(prelude, (s) => s === ',')) {
          selectors.push({ text: selector.replace(/\s+/g, ' '), ...selectorClasses(selector) });
        }
      }
    }
  }
  return selectors;
}

const CLASS_NAME = /class/i;

/** Whether `node` is where class names are written: a className, a `classes` variable… */
function classContext(node: ts.Node): boolean {
  if (ts.isJsxAttribute(node)) return CLASS_NAME.test(node.name.getText());
  if (
    ts.isVariableDeclaration(node) ||
    ts.isPropertyAssignment(node) ||
    ts.isParameter(node) ||
    ts.isFunctionDeclaration(node) ||
    ts.isMethodDeclaration(node)
  ) {
    return node.name !== undefined && CLASS_NAME.test(node.name.getText());
  }
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken) {
    return CLASS_NAME.test(node.left.getText());
  }
  // element.classList.add('…'), toggle, remove, contains
  return ts.isCallExpression(node) && /\.classList\.\w+$/.test(node.expression.getText());
}

/**
 * The class names a module's source names where class names are written (className
 * attributes, `classes`/`className` variables and properties, classList calls): whole tokens,
 * and BEM prefixes (`ui-button--${variant}`) as `prefix*`.
 */
export function namedClasses(source: string, fileName = 'module.tsx'): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const names = new Set<string>();
  const add = (text: string, prefixAtEnd: boolean) => {
    const tokens = text.split(/\s+/);
    tokens.forEach((token, index) => {
      if (!token) return;
      // `ui-button--${variant}`: a BEM prefix; `carousel${tv ? …}`: a whole name.
      if (prefixAtEnd && index === tokens.length - 1 && /(--|__)$/.test(token)) {
        names.add(`${token}*`);
      } else if (/^-?[_a-zA-Z][\w-]*$/.test(token)) names.add(token);
    });
  };
  const visit = (node: ts.Node, inside: boolean): void => {
    const here = inside || classContext(node);
    if (here && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node))) {
      add(node.text, false);
    } else if (here && ts.isTemplateExpression(node)) {
      add(node.head.text, true);
      for (const span of node.templateSpans) {
        visit(span.expression, here);
        // Text right after a substitution continues that name (`${base}--open`): skip it.
        const text = span.literal.text.replace(/^\S+/, '');
        add(text, ts.isTemplateMiddle(span.literal));
      }
      return;
    }
    ts.forEachChild(node, (child) => visit(child, here));
  };
  visit(file, false);
  return [...names];
}

/** The relative modules a source text imports statically (not `import type`, not `import()`). */
export function staticImports(source: string): string[] {
  const specifiers: string[] = [];
  const pattern = /^\s*(import|export)\s+(type\s+)?(?:[^;'"]*?\s+from\s+)?'([^']+)'/gm;
  for (const match of source.matchAll(pattern)) {
    if (match[2]) continue;
    if (match[1] === 'export' && !/\bfrom\s*'/.test(match[0])) continue;
    if (match[3].startsWith('.')) specifiers.push(match[3]);
  }
  return specifiers;
}

const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

/** The module a relative specifier names; null outside `root` (locales, workers, shaders). */
function resolve(
  root: string,
  from: string,
  specifier: string,
  exists: (file: string) => boolean,
): string | null {
  // Assets (`?url`, images) carry no styles.
  if (specifier.includes('?') || /\.(svg|png|jpe?g|webp|json|woff2?)$/.test(specifier)) return null;
  const base = path.resolve(path.dirname(from), specifier);
  if (path.relative(root, base).startsWith('..')) return null;
  for (const extension of EXTENSIONS) {
    const candidate = `${base}${extension}`;
    if (exists(candidate)) return candidate;
  }
  throw new Error(`${from}: cannot resolve '${specifier}'`);
}

export interface Finding {
  /** The module, relative to the project. */
  module: string;
  className: string;
  /** The stylesheets styling the class that the module does not load. */
  missing: string[];
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? walk(full) : [full];
  });
}

/** The modules and stylesheets of `root` (tests left out), and what each loads statically. */
function project(root: string, entry: string) {
  const files = walk(root).filter((f) => !/\.test\.tsx?$/.test(f));
  const known = new Set(files);
  const exists = (f: string) => known.has(f);
  const sources = new Map<string, string>(files.map((f) => [f, readFileSync(f, 'utf8')]));
  const sheets = files.filter((f) => f.endsWith('.css'));
  const rules = new Map(sheets.map((f) => [f, stylesheetSelectors(sources.get(f)!)]));
  const imports = new Map<string, string[]>();
  const importsOf = (file: string): string[] => {
    let found = imports.get(file);
    if (!found) {
      const text = file.endsWith('.css') ? '' : sources.get(file)!;
      found = staticImports(text).flatMap((s) => resolve(root, file, s, exists) ?? []);
      imports.set(file, found);
    }
    return found;
  };
  const reach = new Map<string, Set<string>>();
  /** The stylesheets `file` loads through its static imports, however deep. */
  const loadedBy = (file: string): Set<string> => {
    const known = reach.get(file);
    if (known) return known;
    const seen = new Set<string>();
    const stack = [file];
    while (stack.length > 0) {
      const next = stack.pop()!;
      if (seen.has(next)) continue;
      seen.add(next);
      stack.push(...importsOf(next));
    }
    const loaded = new Set([...seen].filter((f) => f.endsWith('.css')));
    reach.set(file, loaded);
    return loaded;
  };
  const relative = (file: string) => path.relative(path.dirname(root), file);
  return { files, sources, rules, loadedBy, always: loadedBy(entry), relative };
}

/**
 * Modules of `root` (src/) naming a class whose styles they do not load, with `entry`
 * (src/main.tsx) giving what is always loaded. A rule is a module's when the module names every
 * class of its selector (`.carousel .ui-button` is the viewer's, not the button's); each
 * stylesheet with such a rule must be loaded by the module: one missing means a look that
 * differs by the route loaded before.
 */
export function findUnloadedStyles(root: string, entry: string): Finding[] {
  const { files, sources, rules, loadedBy, always, relative } = project(root, entry);
  const findings: Finding[] = [];
  for (const file of files) {
    if (!/\.tsx?$/.test(file)) continue;
    const named = namedClasses(sources.get(file)!, file);
    const exact = new Set(named.filter((n) => !n.endsWith('*')));
    const prefixes = named.filter((n) => n.endsWith('*')).map((n) => n.slice(0, -1));
    const uses = (name: string) => exact.has(name) || prefixes.some((p) => name.startsWith(p));
    if (exact.size === 0 && prefixes.length === 0) continue;
    const loaded = loadedBy(file);
    const byClass = new Map<string, Set<string>>();
    for (const [sheet, selectors] of rules) {
      if (always.has(sheet) || loaded.has(sheet)) continue;
      for (const { subject, context } of selectors) {
        const names = [...subject, ...context];
        if (names.length === 0 || !names.every(uses)) continue;
        const name = subject[0] ?? context.at(-1)!;
        byClass.set(name, (byClass.get(name) ?? new Set<string>()).add(relative(sheet)));
      }
    }
    for (const [className, missing] of byClass) {
      findings.push({ module: relative(file), className, missing: [...missing].sort() });
    }
  }
  return findings.sort(
    (a, b) => a.module.localeCompare(b.module) || a.className.localeCompare(b.className),
  );
}

/**
 * Rules naming no class (`dialog button`, `input[type=text]`) in stylesheets that are not always
 * loaded: such a rule restyles the whole app from the moment its route's chunk loads.
 */
export function globalRulesOutside(
  root: string,
  entry: string,
): { sheet: string; selector: string }[] {
  const { rules, always, relative } = project(root, entry);
  const found: { sheet: string; selector: string }[] = [];
  for (const [sheet, selectors] of rules) {
    if (always.has(sheet)) continue;
    for (const { text, subject, context } of selectors) {
      if (subject.length + context.length === 0)
        found.push({ sheet: relative(sheet), selector: text });
    }
  }
  return found;
}
