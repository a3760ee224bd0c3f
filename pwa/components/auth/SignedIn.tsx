import { Link } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import type { Ref } from 'react';
import type { UserView } from '#domain/views.ts';
import type { PortalSearch } from '../portal/search.ts';
import { AuthFrame } from './AuthFrame.tsx';

// Signing out wipes the account's copy from the device (Dexie): loaded when this card shows, not with every sign-in form.
const SignOutButton = lazy(() => import('../portal/SignOutButton.tsx').then((module) => ({ default: module.SignOutButton })));

/**
 * /customer-auth when someone is signed in already (Back from the portal, or the page opened in a signed-in browser):
 * who, the way to their portal (the admin's is /admin), and a sign-out, after which the form is there for another
 * account. `checked` false: the server could not be asked, so it says that this is what the device knows.
 */
export function SignedIn({ user, checked, headingRef, place = {} }: { user: UserView; checked: boolean; headingRef: Ref<HTMLHeadingElement>; place?: PortalSearch }) {
  const who = user.isAdmin ? `the admin (${user.email})` : `${`${user.firstName} ${user.lastName ?? ''}`.trim()} (${user.email})`;
  return (
    <AuthFrame
      title="You are signed in"
      lead={checked ? `as ${who}.` : `as ${who} on this device. We could not reach our server to check.`}
      headingRef={headingRef}
      footer={<p>Using another account? Sign out first.</p>}
    >
      <div className="btn-row auth-signed-in">
        {user.isAdmin ? (
          <Link to="/admin" className="btn btn--primary">
            Go to the Admin Portal
          </Link>
        ) : (
          <Link to="/customer-portal" search={place} className="btn btn--primary">
            Go to your portal
          </Link>
        )}
        <Suspense
          fallback={
            <button type="button" className="btn btn--secondary" disabled>
              Sign out
            </button>
          }
        >
          <SignOutButton user={user} label="Sign out" className="btn btn--secondary" />
        </Suspense>
      </div>
    </AuthFrame>
  );
}
