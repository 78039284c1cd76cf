import { cmsConnectFailedMessage, type ConnectableCmsType, type CmsCatalogueEntry } from '@citable/contract';
import { useEffect, useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { errorMessage } from '../../../lib/api-client';
import type { CmsAction } from '../api/cms-api';
import { ConnectFields, connectRequest, EMPTY_CONNECT_FIELDS } from './connect-fields';

interface ConnectModalProps {
  entry: (CmsCatalogueEntry & { cms_type: ConnectableCmsType }) | null;
  onClose: () => void;
  onConnect: (action: CmsAction) => Promise<unknown>;
}

/**
 * The connect forms of spec 002 §5 (WordPress, Shopify) and of the Webflow, Contentful and Drupal
 * connectors. The modal shows a connecting state, closes on success, and keeps the form with the
 * spec's error text on failure.
 */
export function ConnectModal({ entry, onClose, onConnect }: ConnectModalProps) {
  const [fields, setFields] = useState(EMPTY_CONNECT_FIELDS);
  const [connecting, setConnecting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    setFields(EMPTY_CONNECT_FIELDS);
    setError(null);
  }, [entry?.cms_type]);

  const set = (name: keyof typeof EMPTY_CONNECT_FIELDS) => (event: { target: { value: string } }) => setFields((current) => ({ ...current, [name]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!entry) return;
    setConnecting(true);
    setError(null);
    const action = connectRequest(entry.cms_type, fields);
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
          <ConnectFields type={entry.cms_type} fields={fields} set={set} />
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
