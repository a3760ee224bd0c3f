/**
 * The app's modules an islands page loads on the visitor's first input (pwa/prerender/start.ts). A new service
 * worker told to take over while the page fetches them can get stuck waiting (Chromium gives up its activation
 * when fetches reach the old worker as it begins), so the update prompt waits for them first (ReloadPrompt).
 */
let loading: Promise<unknown> | undefined;

/** Called with the import of the app's modules when it begins. */
export function appLoading(modules: Promise<unknown>): void {
  loading = modules;
}

/** Resolves once the app's modules are in (or failed), or after `capMs`; at once when none are loading. */
export function appLoaded(capMs: number): Promise<void> {
  if (!loading) return Promise.resolve();
  const settled = loading.then(
    () => undefined,
    () => undefined,
  );
  return Promise.race([settled, new Promise<void>((resolve) => setTimeout(resolve, capMs))]);
}
