import { useState } from 'react';
import { BUSINESS } from '#domain/business.ts';
import { useInstall } from '../../lib/install-prompt.ts';
import { toast } from '../../lib/toast.ts';
import { Icon } from '../ui/Icon.tsx';

/**
 * "Install the app": the admin portal on the tablet's home screen, in a window of its own that opens on the dashboard
 * (/admin.webmanifest), also with no signal. Where the browser offers it (Chromium's offer: install-prompt.ts), the
 * button asks the browser. An iPad's or an iPhone's Safari makes no offer and has no such button of its own: Add to
 * Home Screen sits in its Share menu, where nobody looks for it, so there the button says how (until it is installed).
 */
export function InstallApp() {
  const install = useInstall();
  const [steps, setSteps] = useState(false);
  if (!install) {
    if (!safariNotInstalled()) return null;
    return (
      <>
        <button type="button" className="btn btn--secondary admin-btn" aria-expanded={steps} aria-controls="install-steps" onClick={() => setSteps(!steps)}>
          <Icon name="download" size={18} />
          Install the app
        </button>
        <p id="install-steps" className="admin-install-steps" hidden={!steps}>
          Tap <strong>Share</strong> (the square with an arrow), then <strong>Add to Home Screen</strong>. {BUSINESS.shortName} Admin then opens from the home
          screen on this dashboard, with or without a signal.
        </p>
      </>
    );
  }
  const ask = async () => {
    if (await install())
      void toast.success('App installed', `Open ${BUSINESS.shortName} Admin from the home screen: it opens on this dashboard, with or without a signal.`);
  };
  return (
    <button type="button" className="btn btn--secondary admin-btn" onClick={() => void ask()}>
      <Icon name="download" size={18} />
      Install the app
    </button>
  );
}

/** A browser on an iPad or an iPhone (their WebKit alone has `navigator.standalone`), not opened from the home screen. */
function safariNotInstalled(): boolean {
  return typeof navigator !== 'undefined' && (navigator as Navigator & { standalone?: boolean }).standalone === false;
}
