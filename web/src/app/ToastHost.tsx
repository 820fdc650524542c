import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { TOAST_MS } from '@parley/contracts/messages';
import { TOAST_LIMIT, hasToasts, toastStore } from '../lib/toast';

const Notifications = lazy(() =>
  import('@mantine/notifications').then((module) => ({ default: module.Notifications })),
);

/**
 * Draws the toasts queued with `showToast`, at the top centre: at the bottom right they sat over
 * the Save and Close buttons of side panels. Mantine's notification container (and its
 * transition code) loads with the first toast, so pages that never toast do not download it.
 */
export function ToastHost() {
  const pending = useSyncExternalStore(toastStore.subscribe, hasToasts, hasToasts);
  const [needed, setNeeded] = useState(false);
  if (!needed && pending) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Notifications store={toastStore} position="top-center" autoClose={TOAST_MS} limit={TOAST_LIMIT} />
    </Suspense>
  );
}
