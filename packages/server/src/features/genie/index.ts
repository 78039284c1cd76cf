export { genieChatbotRoutes } from './routes';
