import type { ConnectableCmsType } from '@citable/contract';
import { SelectField, TextField } from '../../../components/ui/field';
import type { CmsAction } from '../api/cms-api';

/** Every connect form's values; each CMS reads the ones it asks for. */
export const EMPTY_CONNECT_FIELDS = {
  siteUrl: '',
  username: '',
  applicationPassword: '',
  shopDomain: '',
  accessToken: '',
  siteToken: '',
  siteId: '',
  spaceId: '',
  environment: 'master',
  authMethod: 'basic' as 'basic' | 'oauth',
  password: '',
  clientId: '',
  clientSecret: '',
};
export type ConnectFieldValues = typeof EMPTY_CONNECT_FIELDS;

type Setter = (name: keyof ConnectFieldValues) => (event: { target: { value: string } }) => void;

/** The connect request of each CMS from the form's values. */
export function connectRequest(type: ConnectableCmsType, fields: ConnectFieldValues): CmsAction {
  switch (type) {
    case 'wordpress':
      return { type, body: { action: 'connect', siteUrl: fields.siteUrl, username: fields.username, applicationPassword: fields.applicationPassword } };
    case 'shopify':
      return { type, body: { action: 'connect', shopDomain: fields.shopDomain, accessToken: fields.accessToken } };
    case 'webflow':
      return { type, body: { action: 'connect', siteToken: fields.siteToken, ...(fields.siteId.trim() ? { siteId: fields.siteId.trim() } : {}) } };
    case 'contentful':
      return { type, body: { action: 'connect', spaceId: fields.spaceId.trim(), environment: fields.environment.trim() || 'master', accessToken: fields.accessToken } };
    case 'drupal':
      return fields.authMethod === 'basic'
        ? { type, body: { action: 'connect', siteUrl: fields.siteUrl, authMethod: 'basic', username: fields.username, password: fields.password } }
        : { type, body: { action: 'connect', siteUrl: fields.siteUrl, authMethod: 'oauth', clientId: fields.clientId, clientSecret: fields.clientSecret } };
  }
}

/** The fields of spec 002 §5's connect forms, and the credentials each newer connector documents. */
export function ConnectFields({ type, fields, set }: { type: ConnectableCmsType; fields: ConnectFieldValues; set: Setter }) {
  switch (type) {
    case 'wordpress':
      return (
        <>
          <TextField label="Site URL" type="url" required value={fields.siteUrl} onChange={set('siteUrl')} placeholder="https://example.com" data-autofocus autoComplete="url" />
          <TextField label="Username" required value={fields.username} onChange={set('username')} autoComplete="username" />
          <TextField label="Application password" type="password" required value={fields.applicationPassword} onChange={set('applicationPassword')} autoComplete="off" hint="WordPress → Users → Profile → Application Passwords. Not your login password." />
        </>
      );
    case 'shopify':
      return (
        <>
          <TextField label="Shop domain" required value={fields.shopDomain} onChange={set('shopDomain')} placeholder="your-store.myshopify.com" data-autofocus autoComplete="off" />
          <TextField label="Admin API access token" type="password" required value={fields.accessToken} onChange={set('accessToken')} autoComplete="off" hint="From a custom app with the read_products and write_products scopes." />
        </>
      );
    case 'webflow':
      return (
        <>
          <TextField label="Site token" type="password" required value={fields.siteToken} onChange={set('siteToken')} data-autofocus autoComplete="off" hint="Site settings → Apps & integrations → API access, with CMS read and write access." />
          <TextField label="Site id (optional)" value={fields.siteId} onChange={set('siteId')} autoComplete="off" hint="Only when the token reaches more than one site." />
        </>
      );
    case 'contentful':
      return (
        <>
          <TextField label="Space id" required value={fields.spaceId} onChange={set('spaceId')} data-autofocus autoComplete="off" hint="Settings → General settings." />
          <TextField label="Environment" required value={fields.environment} onChange={set('environment')} autoComplete="off" />
          <TextField label="Content Management token" type="password" required value={fields.accessToken} onChange={set('accessToken')} autoComplete="off" hint="Settings → CMA tokens. Not a Content Delivery token." />
        </>
      );
    case 'drupal':
      return (
        <>
          <TextField label="Site URL" type="url" required value={fields.siteUrl} onChange={set('siteUrl')} placeholder="https://example.com" data-autofocus autoComplete="url" hint="Must use https:// so the credentials travel encrypted." />
          <SelectField label="Sign in with" value={fields.authMethod} onChange={set('authMethod')}>
            <option value="basic">User name and password (HTTP Basic Authentication module)</option>
            <option value="oauth">OAuth2 client credentials (Simple OAuth module)</option>
          </SelectField>
          {fields.authMethod === 'basic' ? (
            <>
              <TextField label="User name" required value={fields.username} onChange={set('username')} autoComplete="off" />
              <TextField label="Password" type="password" required value={fields.password} onChange={set('password')} autoComplete="off" hint="An editor account for Citable, not an administrator's." />
            </>
          ) : (
            <>
              <TextField label="Client id" required value={fields.clientId} onChange={set('clientId')} autoComplete="off" />
              <TextField label="Client secret" type="password" required value={fields.clientSecret} onChange={set('clientSecret')} autoComplete="off" />
            </>
          )}
        </>
      );
  }
}
