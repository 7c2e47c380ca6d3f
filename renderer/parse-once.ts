// zod 4 compiles an object schema's parser into a function (`new Function`) the first time it parses with it,
// which pays back only over many inputs. A schema that reads one input per build (site.config.ts, its navbar
// items, a category file) compiles its nested objects for nothing: the site config's first parse took
// ~60–100 ms of a cold build's critical path, ~15–50 ms without (ARCHITECTURE.md, *A cold build's fixed
// cost*). Front matter, parsed once a page, keeps the compiled parser.
import type * as z from 'zod';

/** Parse options for a schema that reads one input, or a handful, per build. */
export const PARSE_ONCE: z.core.ParseContext<z.core.$ZodIssue> = { jitless: true };
