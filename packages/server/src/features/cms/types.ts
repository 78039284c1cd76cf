import type { SafeFetcher } from '@citable/crawler';

/** A post or product read by a sync, before it is stored. */
export interface SyncedItemInput {
  externalId: string;
  kind: 'post' | 'product' | 'item' | 'node' | 'entry';
  title: string;
  url: string | null;
  content: string;
}

export interface Published {
  externalId: string;
  url: string | null;
  /** True when a new post was created rather than an existing one updated. */
  created: boolean;
}

/** What every connector does; the service adds storage, encryption and ownership around it. */
export interface Connector<Credentials, ConnectInput, PublishInput> {
  /** Checks and normalises the form's fields into the stored address and credentials. */
  prepare(input: ConnectInput, allowHosts: readonly string[]): { siteUrl: string; credentials: Credentials };
  /**
   * Proves the credentials work against the site (throws CmsError otherwise). It may return what
   * only the API could tell: the address to show (a Webflow site's domain) and the credentials
   * completed (the Webflow site id).
   */
  verify(fetcher: SafeFetcher, siteUrl: string, credentials: Credentials): Promise<void | { siteUrl?: string; credentials?: Credentials }>;
  publish(fetcher: SafeFetcher, siteUrl: string, credentials: Credentials, input: PublishInput): Promise<Published>;
  sync(fetcher: SafeFetcher, siteUrl: string, credentials: Credentials): Promise<SyncedItemInput[]>;
}
