import { useRegisterSW } from 'virtual:pwa-register/react';

/**
 * Offers a new app version instead of reloading by itself: a silent reload could drop a half-filled form.
 * Reload tells the waiting service worker to take over (SKIP_WAITING), then the page reloads.
 */
export function ReloadPrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW();

  return (
    <div className="reload-prompt" role="status" aria-live="polite">
      {needRefresh ? (
        <>
          <p>A new version is available</p>
          <button type="button" onClick={() => void updateServiceWorker(true)}>
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
