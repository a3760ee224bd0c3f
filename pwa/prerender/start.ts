/**
 * The only script a prerendered page names. The page is readable as it arrives; the app (pwa/main.tsx, which
 * hydrates it) is fetched after the first paint, so on a slow connection its download never competes with
 * the HTML, the stylesheet and the images the visitor is waiting for. The app shell loads main.tsx directly.
 *
 * All of the app's modules are fetched at once (the build lists them in `data-modules`), but run in three
 * steps with a task boundary between them — React DOM, the router, the app — so no single long task keeps a
 * slow phone from responding (Total Blocking Time).
 */
const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

async function loadApp(): Promise<void> {
  const modules = document.querySelector<HTMLScriptElement>('script[data-modules]')?.dataset['modules'] ?? '';
  for (const href of modules.split(' ').filter(Boolean)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  await import('react-dom/client');
  await nextTask();
  await import('@tanstack/react-router');
  await nextTask();
  await import('../main.tsx');
}

requestAnimationFrame(() => {
  setTimeout(() => void loadApp(), 0);
});
