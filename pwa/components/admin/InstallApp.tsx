import { BUSINESS } from '#domain/business.ts';
import { useInstall } from '../../lib/install-prompt.ts';
import { toast } from '../../lib/toast.ts';
import { Icon } from '../ui/Icon.tsx';

/**
 * "Install the app", while the browser offers it (install-prompt.ts): the admin portal on the tablet's home screen, in
 * a window of its own that opens on the dashboard (/admin.webmanifest), also with no signal.
 */
export function InstallApp() {
  const install = useInstall();
  if (!install) return null;
  const ask = async () => {
    if (await install()) void toast.success('App installed', `Open ${BUSINESS.shortName} Admin from the home screen: it opens on this dashboard, with or without a signal.`);
  };
  return (
    <button type="button" className="btn btn--secondary admin-btn" onClick={() => void ask()}>
      <Icon name="download" size={18} />
      Install the app
    </button>
  );
}
