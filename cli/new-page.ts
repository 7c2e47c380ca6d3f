// `cheatsheet new-page <category>/<slug>`: flags → renderer/scaffold/new-page.ts. What is missing is asked
// for in a terminal; without one (CI, scripts) a missing argument is an error.
import { createInterface } from 'node:readline/promises';
import { resolve } from 'node:path';
import { loadConfig } from '../renderer/config/load.ts';
import { UserError } from '../renderer/errors.ts';
import { createPage, listCategories, parsePageId, slugProblem } from '../renderer/scaffold/new-page.ts';

export interface NewPageFlags {
  root: string;
  config?: string;
  id?: string;
  title?: string;
  sidebar: boolean;
  position?: string;
  newCategory?: string;
}

type Ask = (question: string) => Promise<string>;

async function withPrompt<T>(fn: (ask: Ask) => Promise<T>): Promise<T> {
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return await fn((q) => rl.question(q).then((a) => a.trim()));
  } finally {
    rl.close();
  }
}

async function askCategory(ask: Ask, categories: { key: string; label: string }[]): Promise<string> {
  process.stdout.write('Categories:\n' + categories.map((c, i) => `  ${String(i + 1).padStart(2)}. ${c.key} (${c.label})`).join('\n') + '\n');
  for (;;) {
    const answer = await ask('Category (number or name): ');
    const n = Number(answer);
    const pick = Number.isInteger(n) && n >= 1 && n <= categories.length ? categories[n - 1]!.key : categories.find((c) => c.key === answer)?.key;
    if (pick) return pick;
    process.stdout.write(`"${answer}" is not one of the categories above.\n`);
  }
}

async function askSlug(ask: Ask): Promise<string> {
  for (;;) {
    const answer = await ask('Slug (lowercase letters, digits, hyphens, e.g. ec2-spot): ');
    const problem = slugProblem(answer);
    if (!problem) return answer;
    process.stdout.write(`${problem[0]!.toUpperCase()}${problem.slice(1)}.\n`);
  }
}

export async function newPageCommand(flags: NewPageFlags): Promise<number> {
  const root = resolve(flags.root);
  const loaded = await loadConfig(root, flags.config);
  const interactive = process.stdin.isTTY === true && process.stdout.isTTY === true;
  let id = flags.id;
  let title = flags.title;
  if (!id || !title) {
    if (!interactive) {
      const missing = [!id && '<category>/<slug>', !title && '--title'].filter(Boolean).join(' and ');
      throw new UserError('new-page', `Missing ${missing}.`, { hint: 'Usage: cheatsheet new-page <category>/<slug> --title "Amazon Example" (run it in a terminal to be asked instead).' });
    }
    await withPrompt(async (ask) => {
      if (!id) id = `${await askCategory(ask, listCategories(root, loaded.config.i18n.sourceLocale))}/${await askSlug(ask)}`;
      while (!title) title = await ask('Title (official service name, e.g. "Amazon EC2"): ');
    });
  }
  const { category, slug } = parsePageId(id!);
  const result = createPage(loaded, {
    category,
    slug,
    title: title!,
    sidebar: flags.sidebar,
    position: flags.position === undefined ? undefined : Number(flags.position),
    newCategory: flags.newCategory,
  });
  const source = loaded.config.i18n.sourceLocale;
  const sourcePath = result.paths.find((p) => p.locale === source) ?? result.paths[0]!;
  process.stdout.write(
    [
      `Created ${result.files.length} files (sidebar position ${result.position}):`,
      ...result.files.map((f) => `  ${f}`),
      '',
      `Write the ${source} page first, then translate it. Preview it with \`cheatsheet serve\` at:`,
      `  http://127.0.0.1:3000${sourcePath.path}`,
      ...(flags.newCategory ? ['', `Translate the category label "${flags.newCategory}" in each locale's _category_.json.`] : []),
      '',
    ].join('\n'),
  );
  return 0;
}
