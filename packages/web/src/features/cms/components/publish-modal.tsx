import { isConnectableCms, type CmsFunctionResponse, type CmsIntegration } from '@citable/contract';
import { useEffect, useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextAreaField, TextField } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { errorMessage } from '../../../lib/api-client';
import type { CmsAction } from '../api/cms-api';
import { PUBLISH_TARGETS } from './publish-target';

interface PublishModalProps {
  integration: CmsIntegration | null;
  onClose: () => void;
  onPublish: (action: CmsAction) => Promise<CmsFunctionResponse>;
}

const EMPTY = { target: '', title: '', content: '', schema: '', live: false };

/**
 * Sends optimized content and/or generated schema to the connected CMS: a WordPress draft (or an
 * existing post by id), a Shopify product's description, a Webflow item's fields, a Contentful
 * entry's fields, or a Drupal node's body (or a new unpublished article).
 */
export function PublishModal({ integration, onClose, onPublish }: PublishModalProps) {
  const [fields, setFields] = useState(EMPTY);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<CmsFunctionResponse['published'] | null>(null);
  const spec = integration && isConnectableCms(integration.cms_type) ? PUBLISH_TARGETS[integration.cms_type] : null;

  useEffect(() => {
    setFields(EMPTY);
    setError(null);
    setDone(null);
  }, [integration?.id]);

  const set = (name: 'target' | 'title' | 'content' | 'schema') => (event: { target: { value: string } }) => setFields((current) => ({ ...current, [name]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!integration || !spec) return;
    const content = fields.content.trim() || undefined;
    const schema = fields.schema.trim() || undefined;
    const target = fields.target.trim();
    if (!content && !schema) return setError('Add content, schema or both.');
    const targetProblem = spec.checkTarget(target);
    if (targetProblem) return setError(targetProblem);
    const action = spec.request({ ...fields, target }, content, schema);
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
      description={spec?.description ?? ''}
      testId="cms-publish-dialog"
      className="max-w-2xl"
    >
      {done ? (
        <div className="space-y-4">
          <Alert tone="success" testId="cms-publish-done">
            {done.created ? `Draft ${spec?.noun.toLowerCase() ?? 'post'} #${done.externalId} created.` : `${spec?.noun ?? 'Post'} #${done.externalId} updated.`}{' '}
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
      ) : spec ? (
        <form className="space-y-4" onSubmit={submit} aria-busy={busy}>
          <div className={spec.hasTitle ? 'grid gap-4 sm:grid-cols-2' : 'grid gap-4'}>
            <TextField label={spec.targetLabel} required={spec.targetRequired} value={fields.target} onChange={set('target')} data-autofocus hint={spec.targetHint} autoComplete="off" />
            {spec.hasTitle ? <TextField label="Title (optional)" value={fields.title} onChange={set('title')} maxLength={255} /> : null}
          </div>
          <TextAreaField label={spec.contentLabel} rows={6} className="font-mono text-sm" value={fields.content} onChange={set('content')} hint="Paste the result of the Content Optimizer or Generator." />
          <TextAreaField label="Schema (JSON-LD)" rows={5} className="font-mono text-sm" value={fields.schema} onChange={set('schema')} hint="Paste the Schema Generator's JSON-LD." />
          {spec.liveLabel ? (
            <label className="flex items-center gap-2 text-sm text-slate-800">
              <input type="checkbox" className="size-4 rounded border-slate-300" checked={fields.live} onChange={(event) => setFields((current) => ({ ...current, live: event.target.checked }))} />
              {spec.liveLabel}
            </label>
          ) : null}
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
      ) : null}
    </Modal>
  );
}
