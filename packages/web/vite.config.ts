import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';
import { markdownPlugin } from './src/lib/markdown/vite-markdown-plugin';

// The API runs as a separate process in development; in production the server serves this build.
const apiTarget = process.env.CITABLE_API_URL ?? 'http://localhost:3100';

const apiProxy: ProxyOptions = {
  target: apiTarget,
  configure(proxy) {
    // better-auth accepts only its own origin; the dev server's port is a different one, so
    // requests passed through are presented as coming from the API's origin.
    proxy.on('proxyReq', (proxyRequest) => {
      if (proxyRequest.getHeader('origin')) proxyRequest.setHeader('origin', apiTarget);
    });
  },
};

export default defineConfig({
  plugins: [react(), tailwindcss(), markdownPlugin()],
  server: { port: 5173, proxy: { '/api': apiProxy } },
  preview: { port: 4173, proxy: { '/api': apiProxy } },
});
