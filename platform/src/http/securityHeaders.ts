import type { RequestHandler } from "express";
import helmet from "helmet";

/**
 * Security headers on every answer (helmet). The CSP allows what the SPA needs and nothing from
 * elsewhere: MUI's emotion injects <style> tags (so inline styles), images may be data:/blob:
 * (jsPDF previews), frames may be the shop or a blob: (the /pdf invoice preview; no plugins:
 * object-src stays none), sockets go to the same origin.
 */
export const securityHeaders = (): RequestHandler =>
  helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'"],
        // The invoice preview (/pdf) shows the receipt jsPDF made as a blob: URL in an iframe.
        frameSrc: ["'self'", "blob:"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // The shop is served over plain HTTP locally; HSTS belongs to the TLS-terminating proxy.
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
  });
