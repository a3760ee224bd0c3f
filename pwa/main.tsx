import './lib/zod-jitless.ts';
import { startApp } from './app.tsx';

/**
 * The app's entry: the app shell (portal, admin and tool pages) loads it directly, and the prerendered pages
 * that are not islands pages load it through pwa/prerender/start.ts after their first paint.
 */
const rootElement = document.getElementById('root');
if (rootElement) {
  void startApp(rootElement);
} else {
  console.error('Root element not found!');
}
