export { webhooksPlugin } from './webhooks-plugin';
export { citationChangeEvents, withWebhookEvents } from './events';
export type { WebhookDispatcher } from './dispatcher';
export { disableEndpointsCreatedBy } from './store';
