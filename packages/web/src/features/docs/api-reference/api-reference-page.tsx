import { useQuery } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { API_REFERENCE_TITLE } from '../data/docs';
import { operationsOf, type OpenApiDocument, type OperationEntry } from './openapi-types';
import { SchemaView } from './schema-view';
import { TryIt } from './try-it';

const METHOD_COLOURS: Record<string, string> = {
  GET: 'bg-sky-100 text-sky-800',
  POST: 'bg-emerald-100 text-emerald-800',
};

const anchorOf = (entry: OperationEntry) => entry.operation.operationId;

async function loadDocument(): Promise<OpenApiDocument> {
  const response = await fetch('/api/v1/openapi.json');
  if (!response.ok) throw new Error(`The API description could not be loaded (HTTP ${response.status}).`);
  return (await response.json()) as OpenApiDocument;
}

function OperationCard({ document, entry, apiKey }: { document: OpenApiDocument; entry: OperationEntry; apiKey: string }) {
  const { operation, method, path } = entry;
  const body = operation.requestBody?.content['application/json'].schema;
  const [open, setOpen] = useState(false);
  return (
    <section id={anchorOf(entry)} aria-labelledby={`${anchorOf(entry)}-title`} className="scroll-mt-20 rounded-2xl border border-slate-200 bg-white p-5 sm:p-6">
      <h3 id={`${anchorOf(entry)}-title`} className="flex flex-wrap items-center gap-3">
        <span className={`rounded-md px-2 py-0.5 font-mono text-xs font-bold ${METHOD_COLOURS[method] ?? 'bg-slate-100 text-slate-800'}`}>{method}</span>
        <code className="font-mono text-sm font-semibold text-slate-900">{path}</code>
      </h3>
      <p className="mt-2 font-medium text-slate-900">{operation.summary}</p>
      <p className="mt-1 text-sm text-slate-600">{operation.description}</p>

      {operation.parameters.length ? (
        <div className="mt-4">
          <h4 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Parameters</h4>
          <ul className="mt-2 space-y-1 text-sm">
            {operation.parameters.map((parameter) => (
              <li key={parameter.name}>
                <code className="font-mono font-semibold">{parameter.name}</code>{' '}
                <span className="text-xs text-slate-500">
                  in {parameter.in}
                  {parameter.required ? ', required' : ''}
                </span>
                {parameter.description ? <span className="text-slate-600">: {parameter.description}</span> : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      {body ? (
        <div className="mt-4">
          <h4 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Request body</h4>
          <div className="mt-2">
            <SchemaView document={document} schema={body} />
          </div>
        </div>
      ) : null}

      <div className="mt-4">
        <h4 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Responses</h4>
        <ul className="mt-2 space-y-2 text-sm">
          {Object.entries(operation.responses).map(([status, response]) => (
            <li key={status}>
              <details>
                <summary className="cursor-pointer">
                  <span className={`font-mono font-semibold ${status.startsWith('2') ? 'text-emerald-700' : 'text-rose-700'}`}>{status}</span>{' '}
                  <span className="text-slate-600">{response.description}</span>
                </summary>
                {response.content ? (
                  <div className="mt-2 ml-4">
                    <SchemaView document={document} schema={Object.values(response.content)[0].schema} />
                  </div>
                ) : null}
              </details>
            </li>
          ))}
        </ul>
      </div>

      <div className="mt-5 border-t border-slate-200 pt-4">
        <button type="button" aria-expanded={open} onClick={() => setOpen(!open)} className="text-sm font-semibold text-primary-700 hover:underline">
          {open ? 'Hide "Try it"' : 'Try it'}
        </button>
        {open ? (
          <div className="mt-3">
            <TryIt document={document} entry={entry} apiKey={apiKey} />
          </div>
        ) : null}
      </div>
    </section>
  );
}

/**
 * The interactive API reference: the OpenAPI document the server generates from its route table,
 * rendered here (no third-party viewer), with a "Try it" form on each operation.
 */
export function ApiReferencePage() {
  useDocumentTitle(`${API_REFERENCE_TITLE} | Citable Docs`);
  const [apiKey, setApiKey] = useState('');
  const document = useQuery({ queryKey: ['openapi-document'], queryFn: loadDocument, staleTime: Infinity });
  const entries = document.data ? operationsOf(document.data) : [];
  return (
    <div>
      <nav aria-label="Breadcrumb" className="text-sm text-slate-600">
        <Link to="/documentation" className="font-medium text-primary-700 hover:underline">
          Documentation
        </Link>{' '}
        / API Reference
      </nav>
      <h1 className="mt-4 text-4xl font-bold tracking-tight text-slate-900">{API_REFERENCE_TITLE}</h1>
      <p className="mt-4 max-w-3xl text-slate-600">
        Every endpoint of the Citable API v1, rendered from the server's own{' '}
        <a href="/api/v1/openapi.json" className="text-primary-700 underline underline-offset-2">
          OpenAPI 3.1 document
        </a>
        . Read the{' '}
        <Link to="/docs/api-overview" className="text-primary-700 underline underline-offset-2">
          API overview
        </Link>{' '}
        for the conventions and{' '}
        <Link to="/docs/api-auth" className="text-primary-700 underline underline-offset-2">
          Authentication
        </Link>{' '}
        to create a key.
      </p>

      <label className="mt-6 block max-w-xl rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm">
        <span className="flex items-center gap-2 font-medium text-slate-900">
          <KeyRound aria-hidden="true" className="size-4" /> API key for "Try it"
        </span>
        <input
          type="password"
          autoComplete="off"
          value={apiKey}
          onChange={(event) => setApiKey(event.target.value.trim())}
          placeholder="ck_live_..."
          className="mt-2 block h-10 w-full rounded-md border border-slate-300 bg-white px-3 font-mono text-sm focus:border-primary-600 focus:outline-none"
        />
        <span className="mt-1 block text-xs text-slate-500">Kept in this page only: it is never stored, and requests go straight to this server.</span>
      </label>

      {document.isPending ? (
        <p className="mt-10 flex items-center gap-2 text-slate-600">
          <Spinner className="size-4" /> Loading the API description...
        </p>
      ) : document.isError ? (
        <p role="alert" className="mt-10 text-rose-700">
          {document.error.message}
        </p>
      ) : (
        <div className="mt-10 space-y-10">
          <nav aria-label="Endpoints" className="rounded-xl border border-slate-200 p-4">
            <ul className="grid gap-1 text-sm sm:grid-cols-2">
              {entries.map((entry) => (
                <li key={anchorOf(entry)}>
                  <a href={`#${anchorOf(entry)}`} className="font-mono text-primary-700 hover:underline">
                    {entry.method} {entry.path}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          {document.data.tags.map((tag) => (
            <section key={tag.name} aria-labelledby={`tag-${tag.name}`}>
              <h2 id={`tag-${tag.name}`} className="text-2xl font-bold text-slate-900">
                {tag.name}
              </h2>
              <p className="mt-1 text-slate-600">{tag.description}</p>
              <div className="mt-5 space-y-6">
                {entries
                  .filter((entry) => entry.operation.tags.includes(tag.name))
                  .map((entry) => (
                    <OperationCard key={anchorOf(entry)} document={document.data} entry={entry} apiKey={apiKey} />
                  ))}
              </div>
            </section>
          ))}
        </div>
      )}
    </div>
  );
}
