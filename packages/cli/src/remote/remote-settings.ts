import { CliError } from '../cli-error';

/** The server of remote mode when neither --server nor CITABLE_SERVER names one: a self-hosted Citable's default address. */
export const DEFAULT_SERVER = 'http://localhost:3000';

/** Where remote mode sends its audits, and the key it sends them with (never printed). */
export interface RemoteSettings {
  /** The server's origin and base path, without a trailing slash: https://citable.example.com */
  server: string;
  apiKey: string;
}

/**
 * Remote mode is on when CITABLE_API_KEY is set (non-empty): the server is --server, else
 * CITABLE_SERVER, else DEFAULT_SERVER. A --server without a key is refused, since it would
 * otherwise be silently ignored and the audit run locally.
 */
export function remoteSettings(env: NodeJS.ProcessEnv, serverFlag?: string): RemoteSettings | undefined {
  const apiKey = env.CITABLE_API_KEY?.trim();
  if (!apiKey) {
    if (serverFlag !== undefined) throw new CliError('--server needs an API key in CITABLE_API_KEY (create one in Settings > API keys)');
    return undefined;
  }
  const given = serverFlag ?? (env.CITABLE_SERVER?.trim() || DEFAULT_SERVER);
  const source = serverFlag !== undefined ? '--server' : env.CITABLE_SERVER?.trim() ? 'CITABLE_SERVER' : 'the default server';
  let url: URL;
  try {
    url = new URL(given);
  } catch {
    throw new CliError(`${source} must be an http(s) URL such as https://citable.example.com, not ${JSON.stringify(given)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new CliError(`${source} must be an http(s) URL, not ${JSON.stringify(given)}`);
  if (url.username || url.password) throw new CliError(`${source} must not carry credentials: the API key goes in CITABLE_API_KEY`);
  return { server: `${url.origin}${url.pathname.replace(/\/+$/, '')}`, apiKey };
}
