import { useEffect, useState } from 'react';
import { deviceDbReady, type DeviceStore } from './db.ts';

let settled: DeviceStore | undefined;

/**
 * Where the device database lives once it has opened (db.ts `deviceDbReady`), undefined until then: a portal draws its
 * screens, whose live queries read the copy, only once it is known, so they never read a database that failed to open
 * (they would wait for it forever). Settled once per page: later screens draw at once.
 */
export function useDeviceDbReady(): DeviceStore | undefined {
  const [store, setStore] = useState(settled);
  useEffect(() => {
    if (store) return undefined;
    let alive = true;
    void deviceDbReady().then((where) => {
      settled = where;
      if (alive) setStore(where);
    });
    return () => {
      alive = false;
    };
  }, [store]);
  return store;
}
