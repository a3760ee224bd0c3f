import { useRegisterSW } from 'virtual:pwa-register/react';

/** How often an open page asks whether a new version was deployed (a tablet may stay open for days). */
const CHECK_EVERY_MS = 60 * 60 * 1000;

/**
 * Offers a new app version instead of reloading by itself: a silent reload could drop a half-filled form.
 * Reload tells the waiting service worker to take over (SKIP_WAITING), and the page reloads once it controls
 * the page — also when the new version was found by another tab or by the browser itself, for which the
 * register helper would not reload.
 */
export function ReloadPrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      if (registration) setInterval(() => void registration.update().catch(() => undefined), CHECK_EVERY_MS);
    },
  });

  const reload = () => {
    navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
    void updateServiceWorker(true);
  };

  return (
    <div className="reload-prompt" role="status" aria-live="polite">
      {needRefresh ? (
        <>
          <p>A new version is available</p>
          <button type="button" onClick={reload}>
            Reload
          </button>
          <button type="button" className="secondary" onClick={() => setNeedRefresh(false)}>
            Dismiss
          </button>
        </>
      ) : null}
    </div>
  );
}
