// Strings a doc keeps for the whole build, made strings of their own.

/**
 * `text` as a string of its own. V8 keeps a substring of 13 characters or more as a view of the string it was
 * cut from, and a doc's headings, text sections and front-matter values are cut from its Markdown source
 * (markdown-it's tokens and the front matter's lines are slices of it): kept with the doc, they keep the whole
 * source alive too. A concatenation, read, is flattened into a new string: its slice shares memory with that
 * one only.
 */
export const ownString = (text: string): string => (text.length < 13 ? text : (' ' + text).slice(1));
