import fastifyCompress from '@fastify/compress';
import fp from 'fastify-plugin';

/**
 * Types worth compressing: text (but not `text/event-stream`, which must reach the client as it
 * is written, not when a compressor's buffer fills), JSON, XML and SVG. Not binary downloads:
 * PDFs and images are compressed already.
 */
const COMPRESSIBLE = /^text\/(?!event-stream)|[+/]json(?:;|$)|[+/]xml(?:;|$)|^application\/(?:javascript|ecmascript)(?:;|$)/u;

/**
 * Compresses responses with Brotli or gzip, whichever the client's Accept-Encoding prefers, when
 * they are at least `threshold` bytes: API answers, the OpenAPI document, CSV exports. The web
 * app's files and pages are compressed at build time and sent as they are (web-plugin.ts), and a
 * response that already has a Content-Encoding is left alone. Registered before the routes (it
 * adds its hook to each route as it is declared); request bodies are not decompressed (the API
 * takes plain JSON, as before).
 */
export const compressPlugin = fp<{ threshold?: number }>(
  async (app, { threshold = 1024 }) => {
    await app.register(fastifyCompress, {
      global: true,
      globalDecompression: false,
      encodings: ['br', 'gzip'],
      threshold,
      customTypes: COMPRESSIBLE,
    });
  },
  { name: 'compress' },
);
