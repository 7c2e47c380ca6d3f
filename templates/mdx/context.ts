// What the theme's MDX components need from the build: admonition titles in the page's language.
import { createContext } from 'react';

export interface MdxTheme {
  /** Maps an admonition type (with Docusaurus's aliases) to its kind and default title. */
  admonition: (type: string) => { kind: string; title: string };
}

export const MdxThemeContext = createContext<MdxTheme>({ admonition: (type) => ({ kind: type, title: type }) });
