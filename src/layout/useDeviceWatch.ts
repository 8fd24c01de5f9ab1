// Spec §2/§4: below 992 px the device is mobile; the sidebar then closes at once on entering
// mobile, and (animated) on every route change.

import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { MOBILE_BREAKPOINT } from '../config.ts';
import { useAppStore } from '../stores/app.ts';

/** The window's width, scrollbar included, as CSS media queries measure it: 991 is mobile, 992 is not. */
export function isMobileWidth(width: number): boolean {
  return width < MOBILE_BREAKPOINT;
}

export function useDeviceWatch(): void {
  const { pathname } = useLocation();

  useEffect(() => {
    function check() {
      const mobile = isMobileWidth(window.innerWidth);
      const { device, setDevice, closeSidebar } = useAppStore.getState();
      if (mobile && device !== 'mobile') closeSidebar(true);
      setDevice(mobile ? 'mobile' : 'desktop');
    }
    check();
    window.addEventListener('resize', check);
    return () => window.removeEventListener('resize', check);
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the route change is the trigger
  useEffect(() => {
    const { device, sidebar, closeSidebar } = useAppStore.getState();
    if (device === 'mobile' && sidebar.opened) closeSidebar(false);
  }, [pathname]);
}
