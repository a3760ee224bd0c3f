import { ReloadPrompt } from '../ReloadPrompt.tsx';
import { CookieConsentHost } from './CookieConsentHost.tsx';
import { ToastHost } from './ToastHost.tsx';

/** What every page hosts below its footer: the cookie banner, the toasts and the update prompt; an island. */
export function SiteHosts() {
  return (
    <>
      <CookieConsentHost />
      <ToastHost />
      <ReloadPrompt />
    </>
  );
}
