import { useEffect, useState } from 'react';
import { useAppManifest } from '../../lib/app-manifest.ts';
import { useCurrentUser } from '../../offline/session.ts';
import { forgetEndedAdmin } from '../../offline/sign-out.ts';
import { refreshSession } from '../../offline/session-check.ts';
import { useDeviceDbReady } from '../../offline/use-device-db.ts';
import { AdminLogin } from './AdminLogin.tsx';
import { Dashboard } from './Dashboard.tsx';
import './admin.css';
import './admin-dashboard.css';
import './admin-cards.css';
import './admin-parts.css';
import './admin-calendar.css';
import './admin-chat.css';
import './admin-print.css';

/**
 * /admin: the sign-in form until an admin is signed in, then the dashboard. The signed-in admin is cached on
 * the device (currentUser), so the portal opens in a basement with no signal; the server stays the authority:
 * when it can be asked and no longer knows the session, the form comes back (what waits in the outbox stays
 * and goes once they have signed in again). Nothing is read from the server before sign-in.
 */
export function AdminPortal() {
  const user = useCurrentUser();
  const admin = user?.isAdmin ? user : null;
  // The dashboard's screens read the device's copy: they are drawn once it has opened (db.ts deviceDbReady).
  const store = useDeviceDbReady();
  const adminId = admin?.id ?? null;
  // Installed from here, the app opens on the dashboard (vite.config.ts adminManifest).
  useAppManifest('/admin.webmanifest');
  // Waiting to send's list, fetched while there is signal: the portal works on with none, and a change kept then must
  // open there too (OutboxStatus loads it only when pressed, and with no service worker yet that fetch fails).
  useEffect(() => {
    import('../offline/OutboxPanel.tsx').catch(() => undefined);
  }, []);
  // Once per sign-in (not per render: refreshing caches a new user object). The session gone: the form at once, as
  // the dashboard does when its pull finds it gone (the customer portal keeps its screen instead: session.ts).
  // A booking or a quote request typed and not sent goes at a sign-out, as the device's copy does; a session that ended by
  // itself keeps it for the admin's next sign-in (lib/form-draft.ts, form-draft-kept.ts).
  useEffect(() => {
    if (adminId)
      void refreshSession().then((who) => {
        if (who === null) void forgetEndedAdmin();
      });
  }, [adminId]);
  // Whether the dashboard was on screen before: the form then comes back after a sign-out (or an ended session).
  const [wasIn, setWasIn] = useState(false);
  if (admin && !wasIn) setWasIn(true);
  return <div className="admin">{admin ? store ? <Dashboard user={admin} /> : <p role="status">Opening the device&rsquo;s copy…</p> : <AdminLogin afterSignOut={wasIn} />}</div>;
}
