import { createServer } from 'node:http';
import { resolve } from 'node:path';
import { existsSync } from 'node:fs';
import { loadConfig } from '../renderer/config/load.ts';
import { UserError } from '../renderer/errors.ts';
import { localeInfos } from '../renderer/routes/site-data.ts';
import { handleStatic } from '../renderer/serve/static.ts';

export interface ServeFlags {
  root: string;
  outDir: string;
  config?: string;
  port: string;
  host: string;
  watch: boolean;
  open: boolean;
}

export async function serveCommand(flags: ServeFlags): Promise<number> {
  const root = resolve(flags.root);
  const { config } = await loadConfig(root, flags.config);
  const dir = resolve(root, flags.outDir);
  if (!existsSync(dir)) throw new UserError('serve', `Nothing to serve: ${flags.outDir}/ does not exist.`, { hint: 'Run `npx cheatsheet build` first.' });
  const prefixes = localeInfos(config).map((l) => l.prefix).filter(Boolean);
  const server = createServer((req, res) => handleStatic(req, res, { dir, baseUrl: config.baseUrl, localePrefixes: prefixes, dev: false }));
  const port = Number(flags.port);
  await new Promise<void>((ok, fail) => {
    server.once('error', (err: NodeJS.ErrnoException) => fail(err.code === 'EADDRINUSE' ? new UserError('serve', `Port ${port} is already in use on ${flags.host}.`, { hint: 'Stop the other server or pick another port with --port.' }) : err));
    server.listen(port, flags.host, ok);
  });
  const address = server.address();
  const actual = typeof address === 'object' && address ? address.port : port;
  process.stdout.write(`Serving ${flags.outDir}/ at http://${flags.host}:${actual}${config.baseUrl} (Ctrl+C to stop)\n`);
  await new Promise<void>((done) => {
    const stop = () => server.close(() => done());
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  return 0;
}
