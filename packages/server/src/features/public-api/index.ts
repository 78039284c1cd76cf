export type { KeyHolder } from './api-keys';
export { guardKeyRequest } from './key-guard';
export { publicApiPlugin } from './plugin';
export type { PublicApiOptions } from './plugin';
export { keyHolderToolContext } from './tool-context';
export { accountScore, latestAudits, readAudit, startAudit } from './v1-audits';
export { V1_TOOLS } from './v1-tools';
