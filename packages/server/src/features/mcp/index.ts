export { mcpRoutes } from './mcp-routes';
