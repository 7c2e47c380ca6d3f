// A file of its own: zod keeps a schema's compiled parser once made, so any earlier parse in the same module
// graph (validate.test.ts parses the config many times) would hide the compiling this checks for.
import { describe, expect, it } from 'vitest';
import realConfig from '../../site.config.ts';
import { validateConfig } from './validate.ts';

describe('site config validation compiles no parser', () => {
  // zod compiles an object's parser with `new Function` on its first parse unless told not to (parse-once.ts):
  // for the one config a build reads, that compiling costs more than it saves.
  it('validates the real config without constructing a Function', () => {
    const real = globalThis.Function;
    let made = 0;
    globalThis.Function = new Proxy(real, {
      construct(target, args) {
        made++;
        return Reflect.construct(target, args) as object;
      },
    });
    try {
      expect(validateConfig(structuredClone(realConfig), 'site.config.ts').baseUrl).toBe('/aws-cheatsheet/');
    } finally {
      globalThis.Function = real;
    }
    expect(made).toBe(0);
  });
});
