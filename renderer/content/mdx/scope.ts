// What an MDX page's names refer to. Reads the page's `import`/`export` statements, takes the imports out
// (we supply what they name, see compile.ts) and refuses, with file and line, any import we cannot resolve
// and any capitalised JSX tag that nothing defines — so a component is never silently dropped or leaked.
import type { Root } from 'mdast';
import { walk } from '../walk.ts';

/** Theme components a page may import from `@theme/<Name>`. */
export const THEME_COMPONENTS = ['Tabs', 'TabItem', 'Admonition', 'Details', 'CodeBlock', 'DocCardList', 'Heading'] as const;
export type ThemeComponent = (typeof THEME_COMPONENTS)[number];
/** Docusaurus's client modules a page may import from `@docusaurus/<Name>` (templates/mdx/docusaurus.tsx). */
export const DOCUSAURUS_MODULES = ['Link', 'BrowserOnly', 'useBaseUrl', 'useDocusaurusContext', 'useIsBrowser', 'ExecutionEnvironment'] as const;
/** Usable without an import, as in Docusaurus's default MDX scope. */
const GLOBAL: ReadonlySet<string> = new Set(['Admonition', 'Details']);

/** A module we provide (by its specifier, e.g. `@theme/Tabs`), a file of the site, or an npm package it installed. */
export type ImportTarget = { kind: 'module' | 'file' | 'package'; specifier: string; export: string };

/** Every module specifier a page or a site component may import from us. */
export const PROVIDED_MODULES: readonly string[] = [...THEME_COMPONENTS.map((c) => `@theme/${c}`), ...DOCUSAURUS_MODULES.map((m) => `@docusaurus/${m}`)];

export interface PageImport {
  /** The name the page uses; '' for an import made for its effect (`import './x.css'`). */
  local: string;
  target: ImportTarget;
  line: number;
}

export interface ScopeProblem {
  line: number;
  message: string;
  hint: string;
}

interface EsmNode {
  type: 'mdxjsEsm';
  position?: { start: { line: number } };
  data?: { estree?: { body: EstreeStatement[] } };
}
interface EstreeStatement {
  type: string;
  loc?: { start: { line: number } };
  source?: { value: unknown };
  specifiers?: { type: string; local: { name: string }; imported?: { name?: string; value?: string } }[];
  declaration?: { type: string; id?: { name: string }; declarations?: { id: { type: string; name?: string } }[] } | null;
}
interface JsxNode {
  type: 'mdxJsxFlowElement' | 'mdxJsxTextElement';
  name: string | null;
  position?: { start: { line: number } };
}

/** `pkg`, `pkg/sub`, `@scope/pkg…`: not a path, a URL, or an alias Docusaurus gives its own modules (`@theme/…`). */
export function isPackageSpecifier(specifier: string): boolean {
  if (/^@(site|theme|theme-original|theme-init|docusaurus|generated)\//.test(specifier)) return false;
  return /^(@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*(\/.*)?$/i.test(specifier) && !/^[a-z][a-z0-9+.-]*:/i.test(specifier);
}

function targetOf(specifier: string, exported: string): ImportTarget | string {
  if (specifier.startsWith('@theme/') || specifier.startsWith('@docusaurus/')) {
    if (!PROVIDED_MODULES.includes(specifier)) return `"${specifier}" is not a module we provide (we have ${PROVIDED_MODULES.join(', ')}).`;
    return { kind: 'module', specifier, export: exported };
  }
  if (specifier.startsWith('./') || specifier.startsWith('../') || specifier.startsWith('@site/')) return { kind: 'file', specifier, export: exported };
  // A bare name is an npm package of the site (`react-embed`), as Docusaurus resolves it from node_modules.
  if (isPackageSpecifier(specifier)) return { kind: 'package', specifier, export: exported };
  return `"${specifier}" cannot be imported: an MDX page may import theme components (@theme/…), Docusaurus's client modules (@docusaurus/Link, …), Markdown partials (./_part.md), the site's own files (@site/src/…) and npm packages the site installs.`;
}

/** Collects the page's imports (removing them from the tree) and checks every component tag has a definition. */
export function readScope(tree: Root, knownLocal: ReadonlySet<string> = new Set()): { imports: PageImport[]; problems: ScopeProblem[] } {
  const imports: PageImport[] = [];
  const problems: ScopeProblem[] = [];
  const defined = new Set<string>([...GLOBAL, ...knownLocal]);
  tree.children = tree.children.filter((child) => {
    if ((child as { type: string }).type !== 'mdxjsEsm') return true;
    const esm = child as unknown as EsmNode;
    const body = esm.data?.estree?.body ?? [];
    const rest = body.filter((statement) => {
      const line = statement.loc?.start.line ?? esm.position?.start.line ?? 1;
      if (statement.type === 'ImportDeclaration') {
        // `import './styles.css'`: nothing named, but the file still counts (its CSS, or an error if it is missing).
        if (!statement.specifiers?.length) {
          const target = targetOf(String(statement.source?.value), '*');
          if (typeof target === 'string') problems.push({ line, message: target, hint: 'Remove the import or point it at a file of the site.' });
          else if (target.kind !== 'module') imports.push({ local: '', target, line });
        }
        for (const spec of statement.specifiers ?? []) {
          const exported = spec.type === 'ImportDefaultSpecifier' ? 'default' : spec.type === 'ImportNamespaceSpecifier' ? '*' : (spec.imported?.name ?? String(spec.imported?.value));
          const target = targetOf(String(statement.source?.value), exported);
          if (typeof target === 'string') problems.push({ line, message: target, hint: 'Remove the import or point it at a file of the site.' });
          else imports.push({ local: spec.local.name, target, line });
          defined.add(spec.local.name);
        }
        return false;
      }
      const decl = statement.declaration;
      if (decl?.id?.name) defined.add(decl.id.name);
      for (const d of decl?.declarations ?? []) if (d.id.name) defined.add(d.id.name);
      return true;
    });
    if (esm.data?.estree) esm.data.estree.body = rest;
    return rest.length > 0;
  });
  walk(tree, (node) => {
    if (node.type !== 'mdxJsxFlowElement' && node.type !== 'mdxJsxTextElement') return undefined;
    const { name, position } = node as unknown as JsxNode;
    const root = name?.split('.')[0] ?? '';
    if (name && /^[A-Z]/.test(root) && !defined.has(root)) {
      problems.push({
        line: position?.start.line ?? 1,
        message: `The component <${name}> is not defined: nothing on the page imports or exports "${root}".`,
        hint: THEME_COMPONENTS.includes(root as ThemeComponent) ? `Add \`import ${root} from '@theme/${root}';\` at the top of the page.` : `Import it (e.g. \`import ${root} from '@site/src/components/${root}';\`) or remove the tag.`,
      });
    }
    return undefined;
  });
  return { imports, problems };
}
