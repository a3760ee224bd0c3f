/**
 * zod makes an object schema's parser with `new Function` where it may, and to find out whether it may, it tries one
 * as the first such schema is made. The site's Content-Security-Policy allows no eval (backend/http/security.ts), so
 * that try was a CSP violation: an issue in the browser's DevTools on every page that made a schema, and Lighthouse's
 * best practices at 96 on /support, whose form's module makes its schemas as the page loads. The browser checks a
 * form's few fields; the compiled parser's speed is the server's business. zod 4 keeps its settings on
 * `globalThis.__zod_globalConfig` (it makes that object when it loads, and keeps one already there): set here, before
 * any module of zod runs, zod never tries. Imported first by both of the app's entries (pwa/main.tsx,
 * pwa/prerender/start.ts), and without importing zod, which most pages do not load at all.
 */
const zodHome = globalThis as unknown as { __zod_globalConfig?: { jitless?: boolean } };
zodHome.__zod_globalConfig = { ...zodHome.__zod_globalConfig, jitless: true };
