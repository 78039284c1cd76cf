// Worker threads do not inherit the loader the main thread registered, so each registers tsx
// before loading the TypeScript worker.
import { register } from 'tsx/esm/api';

register();
await import('./audit-worker.ts');
