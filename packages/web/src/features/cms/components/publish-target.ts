import type { ConnectableCmsType } from '@citable/contract';
import type { CmsAction } from '../api/cms-api';

export interface PublishValues {
  target: string;
  title: string;
  content: string;
  schema: string;
  live: boolean;
}

/** What the publish form asks for on each CMS: what is written, where, and how it is named. */
export interface PublishTarget {
  description: string;
  targetLabel: string;
  targetHint: string;
  targetRequired: boolean;
  /** Checks the target; returns the message to show, or null. */
  checkTarget: (target: string) => string | null;
  hasTitle: boolean;
  contentLabel: string;
  /** The "publish live" checkbox, where the CMS keeps drafts. */
  liveLabel: string | null;
  /** What the success message calls the thing written. */
  noun: string;
  request: (values: PublishValues, content: string | undefined, schema: string | undefined) => CmsAction;
}

const optionalNumber = (target: string) => (target && !/^\d+$/.test(target) ? 'The post id is a number.' : null);

export const PUBLISH_TARGETS: Record<ConnectableCmsType, PublishTarget> = {
  wordpress: {
    description: 'Creates a draft post, or updates the post whose id you give. Schema is added as one JSON-LD block.',
    targetLabel: 'Post id (optional)',
    targetHint: 'Leave empty to create a new draft.',
    targetRequired: false,
    checkTarget: optionalNumber,
    hasTitle: true,
    contentLabel: 'Content (HTML)',
    liveLabel: null,
    noun: 'Post',
    request: (values, content, schema) => ({ type: 'wordpress', body: { action: 'publish', content, schema, title: values.title.trim() || undefined, postId: values.target ? Number(values.target) : undefined } }),
  },
  shopify: {
    description: 'Replaces the product description; schema is added as one JSON-LD block.',
    targetLabel: 'Product id',
    targetHint: 'Shown in the product’s admin URL and in synced items.',
    targetRequired: true,
    checkTarget: (target) => (/^\d+$/.test(target) ? null : 'Enter the numeric product id.'),
    hasTitle: false,
    contentLabel: 'Description (HTML)',
    liveLabel: null,
    noun: 'Product',
    request: (values, content, schema) => ({ type: 'shopify', body: { action: 'publish', product: { id: values.target, bodyHtml: content, schema } } }),
  },
  webflow: {
    description: 'Writes the content into the item’s Rich text field and the schema into its “json-ld” Plain text field, as a draft change unless you publish it.',
    targetLabel: 'Item id',
    targetHint: 'As synced content shows it: collection id/item id.',
    targetRequired: true,
    checkTarget: (target) => (/^[0-9a-f]{24}\/[0-9a-f]{24}$/i.test(target) ? null : 'Use the item id shown in synced content (collection id/item id).'),
    hasTitle: false,
    contentLabel: 'Content (HTML for the Rich text field)',
    liveLabel: 'Publish the item to the live site',
    noun: 'Item',
    request: (values, content, schema) => ({ type: 'webflow', body: { action: 'publish', itemId: values.target, content, schema, live: values.live } }),
  },
  contentful: {
    description: 'Writes the content into the entry’s first Long text field and the schema into its “jsonLd” field, saved as a draft unless you publish it.',
    targetLabel: 'Entry id',
    targetHint: 'Shown in synced content and in the entry’s info panel.',
    targetRequired: true,
    checkTarget: (target) => (/^[A-Za-z0-9_.-]{1,64}$/.test(target) ? null : 'Enter the entry id.'),
    hasTitle: false,
    contentLabel: 'Content (for the Long text field)',
    liveLabel: 'Publish the entry',
    noun: 'Entry',
    request: (values, content, schema) => ({ type: 'contentful', body: { action: 'publish', entryId: values.target, content, schema, live: values.live } }),
  },
  drupal: {
    description: 'Creates an unpublished article, or updates the body of the node whose id you give. Schema is added to the body as one JSON-LD block.',
    targetLabel: 'Node id (optional)',
    targetHint: 'As synced content shows it (type/uuid). Leave empty to create an unpublished article.',
    targetRequired: false,
    checkTarget: (target) => (!target || /^[a-z0-9_]+\/[0-9a-f-]{36}$/i.test(target) ? null : 'Use the node id shown in synced content (type/uuid).'),
    hasTitle: true,
    contentLabel: 'Body (HTML)',
    liveLabel: null,
    noun: 'Node',
    request: (values, content, schema) => ({ type: 'drupal', body: { action: 'publish', nodeId: values.target || undefined, title: values.title.trim() || undefined, content, schema } }),
  },
};
