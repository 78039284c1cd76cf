/**
 * The tools that crawl, audit or ask models: each call of one counts once against the key owner's
 * account budget for expensive work (mcp-routes), the reads of past results do not. Kept apart from
 * the tool definitions so the route can charge a call without loading the MCP SDK.
 */
export const EXPENSIVE_MCP_TOOLS: ReadonlySet<string> = new Set(['run_audit', 'audit_site', 'generate_schema', 'generate_llms_txt', 'check_citations']);
