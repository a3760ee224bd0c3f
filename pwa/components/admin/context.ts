import { createContext, useContext } from 'react';
import type { BookingView, UserView } from '#domain/views.ts';

/** What every part of the signed-in admin portal needs: who is signed in and a way to pull at once. */
export type AdminSession = { readonly user: UserView; readonly refresh: () => void };

export const AdminContext = createContext<AdminSession | null>(null);

/** The signed-in admin; only used below the dashboard, which provides it. */
export function useAdmin(): AdminSession {
  const session = useContext(AdminContext);
  if (!session) throw new Error('useAdmin outside the admin dashboard');
  return session;
}

/**
 * The jobs as the Bookings tab shows them now, for the few parts that must be drawn again whenever they change (a
 * double booking's panel, naming the jobs in the way as the copy catches up). A card, memoised, takes a getter
 * instead (its status and dates forms ask when they need them), so a pull does not draw every card again.
 */
export const JobsNow = createContext<readonly BookingView[]>([]);
