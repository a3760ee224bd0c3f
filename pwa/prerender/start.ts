/**
 * The only script a prerendered page names. The page is readable as it arrives; the app (pwa/main.tsx, which
 * hydrates it) is fetched after the first paint, so on a slow connection its download never competes with
 * the HTML, the stylesheet and the images the visitor is waiting for. The app shell loads main.tsx directly.
 */
requestAnimationFrame(() => {
  setTimeout(() => {
    void import('../main.tsx');
  }, 0);
});
