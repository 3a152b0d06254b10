import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers on every answer (issue 17 item 5), set by helmet: the API's JSON, the web app's
 * index page and assets, file downloads and the error envelopes alike.
 *
 * The Content-Security-Policy allows exactly what the built web app loads (docs/architecture.md,
 * "Security headers"):
 * - scripts only from this origin, none inline (Vite's build emits module files only) and no
 *   event-handler attributes;
 * - styles from this origin and inline: antd's CSS-in-JS and tiptap's editor insert `<style>`
 *   elements at run time. A nonce would need index.html rewritten per answer and threaded through
 *   every library that inserts styles; what 'unsafe-inline' leaves open for styles is CSS
 *   injection, which needs an HTML injection first — the one React's escaping and the rich-text
 *   sanitiser already prevent, and which the strict script policy would still keep from running;
 * - images from this origin (stored files), data: (the upload preview reads the picked file as a
 *   data URL) and blob:; no external images: nothing the app shows is hosted elsewhere, and an
 *   external picture in provider-written rich text would tell a third party who read it;
 * - connections to this origin only: the notification socket opens `ws(s)://` of the page's own
 *   host, which 'self' covers (CSP Level 3);
 * - no plugins, no framing by anyone (frame-ancestors 'none', and X-Frame-Options DENY for
 *   browsers before CSP 2), forms and <base> only to this origin.
 *
 * Without upgrade-insecure-requests: factories reach the console over plain HTTP on their LAN,
 * where upgrading every request to HTTPS would break it. HSTS stays (ignored over HTTP) but without
 * includeSubDomains, which would bind hosts of the customer's domain this app knows nothing about.
 * Referrer-Policy no-referrer: neither the app nor the server reads a Referer, and page addresses
 * carry record ids and searches no other site needs.
 */
export const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'media-src': ["'self'", 'blob:'],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
} as const;

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: { maxAge: 180 * 24 * 3600, includeSubDomains: false },
  });
}
