// import() of a module named by an absolute URL (a file: or data: URL): the compiled config, the templates'
// bundle, an MDX page's code. In one place because the CLI's warm build runs the stages as one script outside
// Node's module system, where import() is unavailable (cli/build-script.ts): that script is given this module
// as the CLI's modules loaded it, so the import is still made by an ES module. Specifiers are absolute, so
// where the importing module lives does not matter.
export function importModule(url: string): Promise<unknown> {
  return import(url);
}
