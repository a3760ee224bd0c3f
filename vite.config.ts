import { mkdir, readFile, readdir, rm, rmdir, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { build, defineConfig } from 'vite';
import type { Plugin, Rollup } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import type { ManifestOptions } from 'vite-plugin-pwa';
import { BUSINESS } from './domain/business.ts';

// Absolute paths: with `root: 'pwa'`, Vite, the router plugin and vite-plugin-pwa would otherwise each
// resolve relative paths against pwa/ (pwa/pwa/routes), not against this file.
const fromHere = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

const apiServer = 'http://localhost:3000';
const distDir = fromHere('./dist');
const routesDir = fromHere('./pwa/routes');
const serverEntry = fromHere('./pwa/prerender/entry-server.tsx');
// The prerendered pages' script: it loads pwa/main.tsx after the first paint.
const startEntry = fromHere('./pwa/prerender/start.ts');
const appEntry = fromHere('./pwa/main.tsx');
// The server bundle only lives while the build runs; under node_modules so it is never committed or served.
// One directory per build process, so two builds running at once (a test and a developer) don't collide.
const serverOutDir = join(fromHere('./node_modules/.prerender'), String(process.pid));

/**
 * Build of the PWA: file-based routes, React, an injectManifest service worker that asks before updating,
 * and the prerendered public pages. `vite build` does it all: the client bundle, then (prerender plugin) a
 * server build of pwa/prerender/entry-server.tsx whose HTML goes into dist/, then the service worker, whose
 * precache list therefore holds every prerendered page. See docs/decisions/005-prerendering.md.
 */
export default defineConfig(({ isSsrBuild }) => ({
  root: fromHere('./pwa'),
  publicDir: isSsrBuild ? false : fromHere('./pwa/public'),
  build: isSsrBuild
    ? { outDir: serverOutDir, emptyOutDir: true, ssr: serverEntry, copyPublicDir: false }
    : {
        outDir: distDir,
        emptyOutDir: true,
        modulePreload: { resolveDependencies: preloadOnlyFromHtml },
        rolldownOptions: { input: { index: fromHere('./pwa/index.html'), start: startEntry } },
      },
  server: {
    proxy: {
      '/api': apiServer,
      '/uploads': apiServer,
    },
  },
  plugins: [
    // Must run before react(): it rewrites route files for code splitting.
    tanstackRouter({
      target: 'react',
      routesDirectory: routesDir,
      generatedRouteTree: fromHere('./pwa/routeTree.gen.ts'),
      autoCodeSplitting: true,
      addExtensions: true,
      quoteStyle: 'single',
    }),
    react(),
    businessFacts(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: fromHere('./pwa'),
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      // The worker is built last, after the prerender plugin has written the pages it must precache.
      integration: { closeBundleOrder: 'post' },
      manifest: {
        ...APP_MANIFEST,
        id: '/',
        start_url: '/',
        // A long press on the installed app's icon: the two things a customer comes back for.
        shortcuts: [
          { name: 'Request a free quote', short_name: 'Free quote', url: '/#contact', icons: [SHORTCUT_ICON] },
          { name: 'Customer portal: your bookings and quotes', short_name: 'My bookings', url: '/customer-portal', icons: [SHORTCUT_ICON] },
        ],
      },
      injectManifest: {
        // Every prerendered page (dist/**/index.html, 404.html, app-shell.html) is precached. The social
        // card is for link previews only: no visitor's phone needs it offline.
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        globIgnores: ['images/og-card.png'],
        buildPlugins: { vite: [noMemoryCopyInTheWorker()] },
      },
    }),
    ...(isSsrBuild ? [] : [adminManifest(), prerender(), precompress()]),
  ],
}));

/**
 * Only a page's HTML preloads modules (the app shell's `<link rel="modulepreload">` tags); a dynamic `import()`
 * does not preload its chunk's imports, the browser fetches them as it reads the chunk. Vite's preload helper
 * would append a `<link rel="modulepreload">` per import in the task that calls `import()`: on the home page
 * that was 10–20 ms of a single task here (40–80 ms under Lighthouse's 4× CPU throttle, most of its Total
 * Blocking Time). The price: on a visit before the service worker has cached the site, a chunk's imports come
 * a round trip later. Stylesheets a chunk needs still load before it runs. See docs/decisions/018-short-tasks.md.
 */
function preloadOnlyFromHtml(_file: string, deps: string[], context: { hostType: 'html' | 'js' }): string[] {
  return context.hostType === 'html' ? deps : [];
}

/**
 * The service worker never makes the device's copy in memory (pwa/offline/db.ts falls back to fake-indexeddb where a
 * browser will not open IndexedDB): it only sends what a page kept, and a page keeps nothing then. Its build gets no
 * loader (pwa/offline/memory-idb.ts): neither the library (60 KB) nor a dynamic import, which would bring Vite's
 * preload code (`import.meta`) into a worker that runs as a classic script.
 */
function noMemoryCopyInTheWorker(): Plugin {
  const stub = '\0no-memory-idb';
  return {
    name: 'no-memory-copy-in-the-worker',
    enforce: 'pre',
    resolveId: (id) => (id === './memory-idb.ts' ? stub : null),
    load: (id) => (id === stub ? 'export const loadMemoryIdb = undefined;\n' : null),
  };
}

/** Fills `%BUSINESS_NAME%` in pwa/index.html (the app shell's title and no-script line) from the business facts. */
/** What the site's manifest and the admin's have in common (the colours are the site's header strip's). */
const APP_MANIFEST: Partial<ManifestOptions> = {
  name: BUSINESS.name,
  short_name: BUSINESS.shortName,
  description: 'Electricians in Ashford, Surrey, London and the South East: quotes, bookings and your customer portal.',
  lang: 'en-GB',
  theme_color: '#b3261e',
  background_color: '#ffffff',
  display: 'standalone',
  scope: '/',
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
};

const SHORTCUT_ICON = { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' };

/**
 * The admin portal's own manifest (/admin.webmanifest, linked while /admin is open: pwa/lib/app-manifest.ts): the
 * electrician's tablet, installed from there, opens on the dashboard, not on the home page with the way in a small dot
 * at the foot of it. Another `id`, so it is an app of its own beside the customers' one. Precached with the rest.
 */
function adminManifest(): Plugin {
  return {
    name: 'sparkright:admin-manifest',
    apply: 'build',
    generateBundle() {
      const manifest = {
        ...APP_MANIFEST,
        id: '/admin',
        name: `${BUSINESS.name} Admin`,
        short_name: `${BUSINESS.shortName} Admin`,
        description: 'The day’s jobs, quotes, chats and calendar, also with no signal.',
        start_url: '/admin',
        // The admin's pages only: a link to the site elsewhere opens as the site, not inside the dashboard's app.
        scope: '/admin',
      };
      this.emitFile({ type: 'asset', fileName: 'admin.webmanifest', source: `${JSON.stringify(manifest, null, 2)}\n` });
    },
  };
}

function businessFacts(): Plugin {
  return {
    name: 'sparkright:business-facts',
    transformIndexHtml: (html) => html.replaceAll('%BUSINESS_NAME%', BUSINESS.name).replaceAll('%BUSINESS_SHORT_NAME%', BUSINESS.shortName),
  };
}

/** What pwa/prerender/entry-server.tsx exports, as the built server bundle gives it (see PrerenderInput there). */
type ServerEntry = {
  prerenderSite(input: {
    template: string;
    siteUrl: string | undefined;
    buildDate: string;
    startScript: string;
    appModules: readonly string[];
    stylesheets?: (routeFile: string) => readonly string[];
  }): Promise<Array<{ file: string; content: string }>>;
};

/**
 * After the client bundle is written: builds the server entry, renders the pages into dist/ with the built
 * shell as template, and deletes the server bundle. Runs before vite-plugin-pwa's closeBundle (order 'pre'
 * here, 'post' there), so the service worker's precache list is made from the finished dist/.
 */
function prerender(): Plugin {
  let built: BuiltChunks = { startScript: '', appModules: [], styles: new Map() };
  return {
    name: 'sparkright:prerender',
    apply: 'build',
    writeBundle(_options, bundle) {
      built = builtChunks(bundle);
    },
    closeBundle: {
      order: 'pre',
      sequential: true,
      async handler(error?: Error) {
        if (error) return;
        const started = performance.now();
        try {
          await build({ configFile: fromHere('./vite.config.ts'), mode: 'production', logLevel: 'warn', build: { ssr: serverEntry } });
          const entryUrl = `${pathToFileURL(join(serverOutDir, 'entry-server.js')).href}?t=${Date.now()}`;
          const { prerenderSite } = (await import(entryUrl)) as ServerEntry;
          const files = await prerenderSite({
            template: await readFile(join(distDir, 'index.html'), 'utf8'),
            siteUrl: process.env['SITE_URL'] ?? process.env['PUBLIC_URL'],
            buildDate: new Date().toISOString().slice(0, 10),
            startScript: built.startScript,
            appModules: built.appModules,
            stylesheets: (routeFile) => built.styles.get(routeFile) ?? [],
          });
          for (const { file, content } of files) {
            const target = join(distDir, file);
            await mkdir(dirname(target), { recursive: true });
            await writeFile(target, content);
          }
          const ms = Math.round(performance.now() - started);
          this.info(`prerendered ${files.filter((f) => f.file.endsWith('.html')).length} HTML files + sitemap.xml, robots.txt, llms.txt in ${ms} ms`);
        } finally {
          await rm(serverOutDir, { recursive: true, force: true });
          await rmdir(dirname(serverOutDir)).catch(() => {}); // left when another build is still using it
        }
      },
    },
  };
}

/** What the prerenderer needs from the client bundle. */
type BuiltChunks = {
  /** '/assets/start-x.js': the prerendered pages' script (pwa/prerender/start.ts). */
  startScript: string;
  /** pwa/main.tsx's chunk and every chunk it imports: start.ts fetches them all at once. */
  appModules: string[];
  /** Per route file ('routes/faq.tsx'), the stylesheets of its code-split chunks, so a page never paints unstyled. */
  styles: Map<string, string[]>;
};

function builtChunks(bundle: Rollup.OutputBundle): BuiltChunks {
  const chunks = new Map<string, Rollup.OutputChunk>();
  for (const output of Object.values(bundle)) if (output.type === 'chunk') chunks.set(output.fileName, output);
  const start = [...chunks.values()].find((chunk) => chunk.isEntry && chunk.facadeModuleId === startEntry);
  if (!start) throw new Error(`prerender: no entry chunk for ${startEntry} in the client bundle`);
  const app = [...chunks.values()].find((chunk) => chunk.moduleIds.includes(appEntry));
  if (!app) throw new Error(`prerender: no chunk for ${appEntry} in the client bundle`);
  const closure = (fileName: string, seen: Set<string>): Set<string> => {
    if (seen.has(fileName) || !chunks.has(fileName)) return seen;
    seen.add(fileName);
    for (const imported of chunks.get(fileName)!.imports) closure(imported, seen);
    return seen;
  };
  const css = (fileName: string, seen: Set<string>, found: Set<string>): void => {
    const chunk = chunks.get(fileName);
    if (!chunk || seen.has(fileName)) return;
    seen.add(fileName);
    for (const file of chunk.viteMetadata?.importedCss ?? []) found.add(`/${file}`);
    for (const imported of chunk.imports) css(imported, seen, found);
  };
  const styles = new Map<string, string[]>();
  for (const chunk of chunks.values()) {
    const facade = chunk.facadeModuleId?.split('?')[0];
    if (!facade || chunk.isEntry || !facade.startsWith(routesDir)) continue;
    const routeFile = `routes/${relative(routesDir, facade).split('\\').join('/')}`;
    const found = new Set(styles.get(routeFile));
    css(chunk.fileName, new Set(), found);
    styles.set(routeFile, [...found]);
  }
  const appModules = [...closure(app.fileName, new Set())].map((fileName) => `/${fileName}`);
  return { startScript: `/${start.fileName}`, appModules, styles };
}

/**
 * Brotli and gzip copies of every text file in dist/ (after the worker is built), which the server sends to
 * browsers that accept them: visitors on a weak mobile signal download about a quarter of the bytes.
 */
function precompress(): Plugin {
  return {
    name: 'sparkright:precompress',
    apply: 'build',
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler(error?: Error) {
        if (error) return;
        const entries = await readdir(distDir, { recursive: true, withFileTypes: true });
        const texts = entries.filter((entry) => entry.isFile() && /\.(?:js|css|html|svg|txt|xml|webmanifest)$/.test(entry.name));
        for (const entry of texts) {
          const file = join(entry.parentPath, entry.name);
          const content = await readFile(file);
          if (content.length < 1024) continue;
          await writeFile(`${file}.br`, brotliCompressSync(content, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
          await writeFile(`${file}.gz`, gzipSync(content, { level: 9 }));
        }
      },
    },
  };
}
