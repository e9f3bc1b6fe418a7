import type { RequestHandler } from "express";
import helmet from "helmet";

/**
 * Security headers on every answer (helmet). The CSP allows what the SPA needs and nothing from
 * elsewhere: MUI's emotion injects <style> tags (so inline styles), images may be data:/blob:
 * (jsPDF previews), sockets go to the same origin.
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
