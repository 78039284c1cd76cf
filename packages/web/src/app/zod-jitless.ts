import { z } from 'zod';

/**
 * zod compiles object parsers with `new Function` when it may, and probes for that ability as it
 * builds an object schema. The site's Content-Security-Policy (script-src 'self', no
 * 'unsafe-eval') forbids it: the probe's refusal is caught, but the browser still reports a CSP
 * violation. Jitless mode skips the probe and parses without generated code.
 *
 * Imported first by the entries (main.tsx, entry-server.tsx). Schemas are built by modules in
 * other chunks, which the bundler may run before the entry's own code; so the build puts this
 * module in zod's chunk (vite.config.ts), which every module that builds a schema imports and
 * which therefore runs, switch included, before any of them.
 */
z.config({ jitless: true });
