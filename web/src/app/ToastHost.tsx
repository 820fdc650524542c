import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { TOAST_MS } from '@parley/contracts/messages';
import { TOAST_LIMIT, hasToasts, toastStore } from '../lib/toast';

/** Narrow enough to leave the right-aligned buttons of a page or side panel free at 1440 px. */
const TOAST_WIDTH = 380;

const Notifications = lazy(() =>
  import('@mantine/notifications').then((module) => ({ default: module.Notifications })),
);

/**
 * Draws the toasts queued with `showToast`, at the bottom centre: at the top they covered the page
 * headers and their Save buttons, at the bottom right the Save and Close buttons of side panels
 * and the list pagers. At most `TOAST_LIMIT` show at once, narrower than Mantine's default.
 * Mantine's notification container (and its transition code) loads with the first toast, so
 * pages that never toast do not download it.
 */
export function ToastHost() {
  const pending = useSyncExternalStore(toastStore.subscribe, hasToasts, hasToasts);
  const [needed, setNeeded] = useState(false);
  if (!needed && pending) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Notifications
        store={toastStore}
        position="bottom-center"
        autoClose={TOAST_MS}
        limit={TOAST_LIMIT}
        containerWidth={TOAST_WIDTH}
      />
    </Suspense>
  );
}
