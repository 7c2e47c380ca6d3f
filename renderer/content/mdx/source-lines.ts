// Where in the MDX source an error thrown while rendering a page comes from. MDX compiled in development mode
// gives every element its source position (`jsxDEV`); this runtime keeps it. A function component is called
// through a wrapper made for its position, so an error it throws is tied to the line of its tag. An error
// thrown by an expression (`{site.missing.name}`) gets the position of the last element created before it:
// the elements of a page are created in source order, so that is the nearest element above the failing code.
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import type { ComponentType } from 'react';
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';

export interface SourcePlace {
  /** The path MDX was compiled with (the page's or a partial's absolute path). */
  absPath: string;
  /** Line in the compiled body (before the front-matter offset is added). */
  line: number;
  /** The component's own line (true), or the nearest element's (false). */
  exact: boolean;
}

interface Source {
  fileName?: string;
  lineNumber?: number;
}

const thrownAt = new WeakMap<object, SourcePlace>();
let lastCreated: SourcePlace | undefined;

/** Per component and position, one wrapper: the same element type on every render of the page. */
const wrappers = new WeakMap<object, Map<string, ComponentType<Record<string, unknown>>>>();

function isPlainFunctionComponent(type: unknown): type is (props: Record<string, unknown>) => unknown {
  return typeof type === 'function' && !(type as { prototype?: { isReactComponent?: unknown } }).prototype?.isReactComponent;
}

function located(type: (props: Record<string, unknown>) => unknown, place: SourcePlace): ComponentType<Record<string, unknown>> {
  let byPlace = wrappers.get(type);
  if (!byPlace) wrappers.set(type, (byPlace = new Map()));
  const key = `${place.absPath}:${place.line}`;
  let wrapper = byPlace.get(key);
  if (!wrapper) {
    const named = (props: Record<string, unknown>) => {
      try {
        return type(props);
      } catch (err) {
        // Only the innermost component claims an error; a thrown promise (suspense) is not an error.
        if (err instanceof Error && !thrownAt.has(err)) thrownAt.set(err, { ...place, exact: true });
        throw err;
      }
    };
    Object.defineProperty(named, 'name', { value: (type as { displayName?: string }).displayName ?? type.name });
    wrapper = named as ComponentType<Record<string, unknown>>;
    byPlace.set(key, wrapper);
  }
  return wrapper;
}

function jsxDEV(type: unknown, props: Record<string, unknown>, key: string | undefined, isStatic: boolean, source?: Source): unknown {
  const place = source?.fileName && source.lineNumber ? { absPath: source.fileName, line: source.lineNumber, exact: false } : undefined;
  // A fragment is created after its children; the page's own one last of all. An error after it (React
  // rendering an element) is not near the element created before, so no line is better than a wrong one.
  if (type === Fragment) lastCreated = undefined;
  else if (place) lastCreated = place;
  // React refuses these HTML elements only later, while rendering, when no source line is left to name:
  // refused here, where the element is made, so the error is tied to its tag's line.
  if (typeof type === 'string' && place) {
    const refusal = hostElementRefusal(type, props);
    if (refusal) {
      const err = new Error(refusal);
      thrownAt.set(err, { ...place, exact: true });
      throw err;
    }
  }
  const create = isStatic ? jsxs : jsx;
  return create((place && isPlainFunctionComponent(type) ? located(type, place) : type) as never, props, key);
}

const VOID_ELEMENTS = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);

/** Why React would refuse an HTML element with these props, in words naming the fix; undefined when it would not. */
function hostElementRefusal(tag: string, props: Record<string, unknown>): string | undefined {
  if (typeof props.style === 'string') return `<${tag}> has a style string ("${props.style}"); React needs an object, e.g. style={{color: "red"}}.`;
  if (VOID_ELEMENTS.has(tag) && props.children !== undefined && props.children !== null) return `<${tag}> cannot have children (it is a void HTML element); close it as <${tag} />.`;
  return undefined;
}

/** What `run()` of @mdx-js/mdx needs for code compiled with `development: true`. */
export const sourceRuntime = { Fragment, jsx, jsxs, jsxDEV };

/** Call before rendering a page: the nearest-element fallback must not come from an earlier page. */
export function startRender(): void {
  lastCreated = undefined;
}

/** Where the error thrown by the render that just failed comes from, if its elements said so. */
export function placeOfError(err: unknown): SourcePlace | undefined {
  return (err instanceof Object ? thrownAt.get(err) : undefined) ?? lastCreated;
}

const FRONT_MATTER = /^---\r?\n[\s\S]*?\r?\n---[ \t]*(?:\r?\n|$)/;

/**
 * The file and line (the file's own, front matter counted) an error of the page's render points at: the page,
 * or a partial it imports. `page` is the page being rendered.
 */
export function errorLocation(err: unknown, page: { absPath: string; file: string; lineOffset: number; siteRoot: string }): { location: { file: string; line?: number }; exact: boolean } {
  const place = placeOfError(err);
  if (!place) return { location: { file: page.file }, exact: false };
  if (place.absPath === page.absPath) return { location: { file: page.file, line: place.line + page.lineOffset }, exact: place.exact };
  let offset = 0;
  try {
    offset = (FRONT_MATTER.exec(readFileSync(place.absPath, 'utf8'))?.[0] ?? '').split('\n').length - 1;
  } catch {
    // The partial went away since: its body line is the best there is.
  }
  return { location: { file: relative(page.siteRoot, place.absPath), line: place.line + offset }, exact: place.exact };
}
