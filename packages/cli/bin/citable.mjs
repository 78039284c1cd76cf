#!/usr/bin/env node
// The CLI is TypeScript run through tsx, like the rest of the workspace: register its loader,
// then hand over to the real entry point.
import { register } from 'tsx/esm/api';

register();
await import('../src/main.ts');
