import type { CmsFunctionResponse, CmsIntegration } from '@citable/contract';
import { useEffect, useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextAreaField, TextField } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { errorMessage } from '../../../lib/api-client';
import type { CmsAction } from '../api/cms-api';

interface PublishModalProps {
  integration: CmsIntegration | null;
  onClose: () => void;
  onPublish: (action: CmsAction) => Promise<CmsFunctionResponse>;
}

const EMPTY = { target: '', title: '', content: '', schema: '' };

/**
 * Sends optimized content and/or generated schema to the connected CMS: a WordPress draft (or an
 * existing post by id), or a Shopify product's description by product id.
 */
export function PublishModal({ integration, onClose, onPublish }: PublishModalProps) {
  const [fields, setFields] = useState(EMPTY);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<CmsFunctionResponse['published'] | null>(null);
  const shopify = integration?.cms_type === 'shopify';

  useEffect(() => {
    setFields(EMPTY);
    setError(null);
    setDone(null);
  }, [integration?.id]);

  const set = (name: keyof typeof EMPTY) => (event: { target: { value: string } }) => setFields((current) => ({ ...current, [name]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!integration) return;
    const content = fields.content.trim() || undefined;
    const schema = fields.schema.trim() || undefined;
    const target = fields.target.trim();
    if (!content && !schema) return setError('Add content, schema or both.');
    if ((shopify && !/^\d+$/.test(target)) || (!shopify && target && !/^\d+$/.test(target))) return setError(shopify ? 'Enter the numeric product id.' : 'The post id is a number.');
    const action: CmsAction = shopify
      ? { type: 'shopify', body: { action: 'publish', product: { id: target, bodyHtml: content, schema } } }
      : { type: 'wordpress', body: { action: 'publish', content, schema, title: fields.title.trim() || undefined, postId: target ? Number(target) : undefined } };
    setBusy(true);
    setError(null);
    try {
      setDone((await onPublish(action)).published ?? null);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={integration !== null}
      onOpenChange={(open) => (open || busy ? undefined : onClose())}
      title={integration ? `Publish to ${integration.cms_name}` : ''}
      description={shopify ? 'Replaces the product description; schema is added as one JSON-LD block.' : 'Creates a draft post, or updates the post whose id you give. Schema is added as one JSON-LD block.'}
      testId="cms-publish-dialog"
      className="max-w-2xl"
    >
      {done ? (
        <div className="space-y-4">
          <Alert tone="success" testId="cms-publish-done">
            {done.created ? `Draft post #${done.externalId} created.` : `${shopify ? 'Product' : 'Post'} #${done.externalId} updated.`}{' '}
            {done.url ? (
              <a href={done.url} target="_blank" rel="noreferrer" className="font-medium underline">
                Open it
              </a>
            ) : null}
          </Alert>
          <div className="flex justify-end">
            <Button onClick={onClose}>Done</Button>
          </div>
        </div>
      ) : (
        <form className="space-y-4" onSubmit={submit} aria-busy={busy}>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label={shopify ? 'Product id' : 'Post id (optional)'} inputMode="numeric" required={shopify} value={fields.target} onChange={set('target')} data-autofocus hint={shopify ? 'Shown in the product’s admin URL and in synced items.' : 'Leave empty to create a new draft.'} />
            {shopify ? null : <TextField label="Title (optional)" value={fields.title} onChange={set('title')} maxLength={300} />}
          </div>
          <TextAreaField label={shopify ? 'Description (HTML)' : 'Content (HTML)'} rows={6} className="font-mono text-sm" value={fields.content} onChange={set('content')} hint="Paste the result of the Content Optimizer or Generator." />
          <TextAreaField label="Schema (JSON-LD)" rows={5} className="font-mono text-sm" value={fields.schema} onChange={set('schema')} hint="Paste the Schema Generator's JSON-LD." />
          {error ? <Alert tone="error">{error}</Alert> : null}
          <div className="flex justify-end gap-3">
            <Button variant="outline" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy} data-testid="cms-publish-submit">
              {busy ? 'Publishing…' : 'Publish'}
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}
