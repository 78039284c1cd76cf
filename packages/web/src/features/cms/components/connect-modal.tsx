import { cmsConnectFailedMessage, type ConnectableCmsType, type CmsCatalogueEntry } from '@citable/contract';
import { useEffect, useState, type FormEvent } from 'react';
import { TextField } from '../../../components/ui/field';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { errorMessage } from '../../../lib/api-client';
import type { CmsAction } from '../api/cms-api';

interface ConnectModalProps {
  entry: (CmsCatalogueEntry & { cms_type: ConnectableCmsType }) | null;
  onClose: () => void;
  onConnect: (action: CmsAction) => Promise<unknown>;
}

const EMPTY = { siteUrl: '', username: '', applicationPassword: '', shopDomain: '', accessToken: '' };

/**
 * The connect forms of spec 002 §5 (WordPress: site URL, username, application password; Shopify:
 * shop domain, access token). The modal shows a connecting state, closes on success, and keeps the
 * form with the spec's error text on failure.
 */
export function ConnectModal({ entry, onClose, onConnect }: ConnectModalProps) {
  const [fields, setFields] = useState(EMPTY);
  const [connecting, setConnecting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    setFields(EMPTY);
    setError(null);
  }, [entry?.cms_type]);

  const set = (name: keyof typeof EMPTY) => (event: { target: { value: string } }) => setFields((current) => ({ ...current, [name]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!entry) return;
    setConnecting(true);
    setError(null);
    const action: CmsAction =
      entry.cms_type === 'wordpress'
        ? { type: 'wordpress', body: { action: 'connect', siteUrl: fields.siteUrl, username: fields.username, applicationPassword: fields.applicationPassword } }
        : { type: 'shopify', body: { action: 'connect', shopDomain: fields.shopDomain, accessToken: fields.accessToken } };
    try {
      await onConnect(action);
      onClose();
    } catch (failure) {
      // The server already words it as the spec does; anything else (network) gets the same frame.
      const text = errorMessage(failure, '');
      setError(text.startsWith('Failed to connect') ? text : cmsConnectFailedMessage(entry.name, text));
    } finally {
      setConnecting(false);
    }
  };

  return (
    <Modal
      open={entry !== null}
      onOpenChange={(open) => (open || connecting ? undefined : onClose())}
      title={entry ? `Connect ${entry.name}` : ''}
      description="Your credentials are checked against your site, then stored encrypted. They are never shown again."
      testId="cms-connect-dialog"
    >
      {entry ? (
        <form className="space-y-4" onSubmit={submit} aria-busy={connecting}>
          {entry.cms_type === 'wordpress' ? (
            <>
              <TextField label="Site URL" type="url" required value={fields.siteUrl} onChange={set('siteUrl')} placeholder="https://example.com" data-autofocus autoComplete="url" />
              <TextField label="Username" required value={fields.username} onChange={set('username')} autoComplete="username" />
              <TextField
                label="Application password"
                type="password"
                required
                value={fields.applicationPassword}
                onChange={set('applicationPassword')}
                autoComplete="off"
                hint="WordPress → Users → Profile → Application Passwords. Not your login password."
              />
            </>
          ) : (
            <>
              <TextField label="Shop domain" required value={fields.shopDomain} onChange={set('shopDomain')} placeholder="your-store.myshopify.com" data-autofocus autoComplete="off" />
              <TextField
                label="Admin API access token"
                type="password"
                required
                value={fields.accessToken}
                onChange={set('accessToken')}
                autoComplete="off"
                hint="From a custom app with the read_products and write_products scopes."
              />
            </>
          )}
          {error ? (
            <Alert tone="error" testId="cms-connect-error">
              {error}
            </Alert>
          ) : null}
          <div className="flex justify-end gap-3 pt-2">
            <Button variant="outline" onClick={onClose} disabled={connecting}>
              Cancel
            </Button>
            <Button type="submit" disabled={connecting} data-testid="cms-connect-submit">
              {connecting ? 'Connecting…' : `Connect ${entry.name}`}
            </Button>
          </div>
        </form>
      ) : null}
    </Modal>
  );
}
