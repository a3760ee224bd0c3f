import { createContext, useContext } from 'react';
import type { UserView } from '#domain/views.ts';

/** What every part of the signed-in admin portal needs: who is signed in and a way to pull at once. */
export type AdminSession = { readonly user: UserView; readonly refresh: () => void };

export const AdminContext = createContext<AdminSession | null>(null);

/** The signed-in admin; only used below the dashboard, which provides it. */
export function useAdmin(): AdminSession {
  const session = useContext(AdminContext);
  if (!session) throw new Error('useAdmin outside the admin dashboard');
  return session;
}
