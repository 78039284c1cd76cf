export { CREDENTIAL_LOG_PATHS } from './log-redaction';
export { cmsRoutes } from './routes';
export { decryptCredentials, encryptCredentials, CredentialsUnreadableError } from './credentials';
