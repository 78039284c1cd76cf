import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { exampleOf, type OpenApiDocument, type OperationEntry } from './openapi-types';

interface Answer {
  status: number;
  headers: [string, string][];
  body: string;
}

const SHOWN_HEADERS = /^(ratelimit-|retry-after|content-type)/i;

/**
 * Sends one request to this Citable server with the pasted key, straight from the browser (the
 * API is same-origin, so nothing else is involved), and shows the status, headers and body.
 */
export function TryIt({ document, entry, apiKey }: { document: OpenApiDocument; entry: OperationEntry; apiKey: string }) {
  const formId = useId();
  const { operation, method, path } = entry;
  const bodySchema = operation.requestBody?.content['application/json'].schema;
  const [params, setParams] = useState<Record<string, string>>({});
  const [body, setBody] = useState(() => (bodySchema ? JSON.stringify(exampleOf(document, bodySchema), null, 2) : ''));
  const [sending, setSending] = useState(false);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function send() {
    setError(null);
    setAnswer(null);
    let url = path.replace(/\{(\w+)\}/g, (_match, name: string) => encodeURIComponent(params[name] ?? ''));
    const query = new URLSearchParams(operation.parameters.filter((p) => p.in === 'query' && params[p.name]).map((p) => [p.name, params[p.name]!]));
    if (query.size) url += `?${query}`;
    if (bodySchema) {
      try {
        JSON.parse(body);
      } catch {
        setError('The body is not valid JSON.');
        return;
      }
    }
    setSending(true);
    try {
      const response = await fetch(url, {
        method,
        // credentials omitted: the API authenticates by key only, and the session cookie must not be sent.
        credentials: 'omit',
        headers: { ...(apiKey ? { Authorization: `Bearer ${apiKey}` } : {}), ...(bodySchema ? { 'Content-Type': 'application/json' } : {}) },
        body: bodySchema ? body : undefined,
      });
      const text = await response.text();
      let pretty = text;
      try {
        pretty = JSON.stringify(JSON.parse(text), null, 2);
      } catch {
        // Not JSON: shown as it came.
      }
      setAnswer({ status: response.status, headers: [...response.headers].filter(([name]) => SHOWN_HEADERS.test(name)), body: pretty });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'The request failed.');
    } finally {
      setSending(false);
    }
  }

  return (
    <form
      aria-label={`Try ${method} ${path}`}
      className="space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      {operation.parameters.map((parameter) => (
        <label key={parameter.name} className="block text-sm">
          <span className="font-medium text-slate-800">
            {parameter.name} <span className="text-xs font-normal text-slate-500">({parameter.in}{parameter.required ? ', required' : ''})</span>
          </span>
          <input
            value={params[parameter.name] ?? ''}
            required={parameter.required}
            onChange={(event) => setParams({ ...params, [parameter.name]: event.target.value })}
            className="mt-1 block h-9 w-full rounded-md border border-slate-300 px-2 font-mono text-sm focus:border-primary-600 focus:outline-none"
          />
        </label>
      ))}
      {bodySchema ? (
        <label className="block text-sm" htmlFor={`${formId}-body`}>
          <span className="font-medium text-slate-800">Request body (JSON)</span>
          <textarea
            id={`${formId}-body`}
            value={body}
            onChange={(event) => setBody(event.target.value)}
            rows={Math.min(12, body.split('\n').length + 1)}
            spellCheck={false}
            className="mt-1 block w-full rounded-md border border-slate-300 p-2 font-mono text-xs focus:border-primary-600 focus:outline-none"
          />
        </label>
      ) : null}
      <div className="flex items-center gap-3">
        <Button type="submit" size="sm" disabled={sending}>
          {sending ? <Spinner className="size-4" /> : null}
          Send request
        </Button>
        {!apiKey ? <span className="text-xs text-slate-500">Paste an API key above; without one the answer is 401.</span> : null}
      </div>
      {error ? (
        <p role="alert" className="text-sm text-rose-700">
          {error}
        </p>
      ) : null}
      {answer ? (
        <div aria-live="polite" className="rounded-lg border border-slate-200">
          <p className="border-b border-slate-200 px-3 py-2 text-sm">
            Status <strong className={answer.status < 300 ? 'text-emerald-700' : 'text-rose-700'}>{answer.status}</strong>
            {answer.headers.map(([name, value]) => (
              <span key={name} className="ml-3 font-mono text-xs text-slate-600">
                {name}: {value}
              </span>
            ))}
          </p>
          <pre className="max-h-96 overflow-auto bg-slate-900 p-3 text-xs text-slate-100">{answer.body}</pre>
        </div>
      ) : null}
    </form>
  );
}
