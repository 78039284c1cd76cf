import type { CallToolResult, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import type { Gate } from '@citable/contract';
import type { FastifyInstance } from 'fastify';
import { assertEntitled, currentPlan } from '../billing';
import { HttpError } from '../../lib/http-error';
import { keyHolderToolContext, type KeyHolder, type PublicApiOptions } from '../public-api';
import { toolFailure } from './tool-errors';

/** Who calls: the app, the endpoint's options and the key holder, for one HTTP exchange. */
export interface Caller {
  app: FastifyInstance;
  options: PublicApiOptions;
  holder: KeyHolder;
  /** The HTTP request's id: in every internal error's text and its log entry. */
  requestId: string;
  /** Aborted when the client sent `notifications/cancelled` for a call of this exchange (cancellations.ts). */
  cancelled: AbortSignal;
}

/** A text summary for the model and the same data as structured content for programs. */
export function answer(text: string, data: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text }], structuredContent: data };
}

/**
 * An error the assistant can read out. Without structured content: the client validates any
 * structured content against the tool's output schema, which describes success only.
 */
export const toolError = (text: string): CallToolResult => ({ isError: true, content: [{ type: 'text', text }] });

/**
 * Expected failures (plan, validation, unreadable page) become tool errors the assistant can read
 * out; anything else a short public line with the request id (tool-errors.ts), never its SQL. Audits take no gate, as on the REST API: every plan audits, and the plan decides how much
 * of the result is revealed.
 */
export async function guarded(gate: Gate | null, caller: Caller, run: () => Promise<CallToolResult>): Promise<CallToolResult> {
  try {
    if (gate) assertEntitled(await currentPlan(caller.app.db, caller.holder.userId), gate);
    return await run();
  } catch (error) {
    if (error instanceof HttpError) return toolError(error.body.error);
    return toolFailure(error, caller.requestId, caller.app.log);
  }
}

/**
 * The context of a tool service run (V1_TOOLS). `signal` is the call's own (the SDK's
 * `extra.signal`): aborted when the client cancels the call or goes away, which closes the exchange.
 */
export function toolContext(caller: Caller, signal: AbortSignal) {
  return keyHolderToolContext(caller.app, caller.options, caller.holder.userId, signal);
}

/**
 * Tool annotations, set truthfully (clients decide from them what to run without asking):
 * `reads` look at the account's own stored results only; `web` tools fetch pages or ask answer
 * engines on the open web and store what they find (an audit, a tool run), so they are neither
 * read-only nor idempotent, though they destroy nothing.
 */
export const ANNOTATIONS = {
  reads: (title: string): ToolAnnotations => ({ title, readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false }),
  web: (title: string): ToolAnnotations => ({ title, readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true }),
};
