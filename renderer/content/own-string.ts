// Strings a doc keeps for the whole build, made strings of their own.

/** A character that one byte cannot hold: a string with one must stay two bytes a character. */
const WIDE = /[^\x00-\xff]/;

/**
 * `text` as a string of its own. V8 keeps a substring of 13 characters or more as a view of the string it was
 * cut from, and a doc's headings, text sections and front-matter values are cut from its Markdown source
 * (markdown-it's tokens and the front matter's lines are slices of it): kept with the doc, they keep the whole
 * source alive too. The copy is made through Latin-1 bytes when every character fits one: a cut of a source
 * that has a single wider character anywhere (a title's "—") is two bytes a character like its source, and a
 * concatenation's slice keeps that and adds a view of its own. Only a text with a wider character is copied
 * so (a concatenation, read, is flattened into a new string: its slice shares memory with that one only).
 */
export const ownString = (text: string): string => {
  if (text.length < 13) return text;
  return WIDE.test(text) ? (' ' + text).slice(1) : Buffer.from(text, 'latin1').toString('latin1');
};
