import type { NotificationData, NotificationsState, NotificationsStore } from '@mantine/notifications';
import { TOAST_MS } from '@parley/contracts/messages';

/**
 * Every toast of the console goes through here (platform §8: 8 s by default).
 *
 * The toasts live in a small store of our own, shaped like Mantine's notifications store, so
 * code anywhere can queue a toast without loading Mantine's notification container; the app
 * loads the container (`ToastHost`) with the first toast and hands it this store.
 */
export type ToastTone = 'info' | 'success' | 'error' | 'warning';

const colorByTone: Record<ToastTone, string> = {
  info: 'blue',
  success: 'teal',
  error: 'red',
  warning: 'yellow',
};

export interface ToastOptions {
  tone?: ToastTone;
  title?: string;
  /** A stable id shows the toast once even when several callers report the same thing. */
  id?: string;
  autoClose?: number | false;
}

/** At most this many toasts show at once; later ones wait their turn. */
export const TOAST_LIMIT = 3;

/** Success toasts only confirm what the user just did: they go sooner than the 8 s default. */
export const SUCCESS_TOAST_MS = 4000;

let state: NotificationsState = { notifications: [], queue: [], defaultPosition: 'bottom-right', limit: TOAST_LIMIT };
const listeners = new Set<(value: NotificationsState) => void>();
let sequence = 0;

export const toastStore: NotificationsStore = {
  getState: () => state,
  updateState(value) {
    state = typeof value === 'function' ? value(state) : value;
  },
  setState(value) {
    toastStore.updateState(value);
    for (const listener of listeners) listener(state);
  },
  initialize(value) {
    state = value;
  },
  subscribe(listener) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

function updateToasts(change: (all: NotificationData[]) => NotificationData[]): void {
  const all = change([...state.notifications, ...state.queue]);
  toastStore.setState({ ...state, notifications: all.slice(0, state.limit), queue: all.slice(state.limit) });
}

/**
 * Queues a toast. A toast that says exactly what one already showing (or waiting) says, in the
 * same tone, is not shown again: the same failure reported by several requests shows once.
 */
export function showToast(message: string, options: ToastOptions = {}): string {
  const tone = options.tone ?? 'info';
  const color = colorByTone[tone];
  const twin = [...state.notifications, ...state.queue].find(
    (toast) => toast.message === message && toast.title === options.title && toast.color === color,
  );
  if (twin?.id && !options.id) return twin.id;
  sequence += 1;
  const id = options.id ?? `toast-${sequence}`;
  updateToasts((all) =>
    all.some((toast) => toast.id === id)
      ? all
      : [
          ...all,
          {
            id,
            title: options.title,
            message,
            color,
            autoClose: options.autoClose ?? (tone === 'success' ? SUCCESS_TOAST_MS : TOAST_MS),
            withCloseButton: true,
          },
        ],
  );
  return id;
}

export function hideToast(id: string): void {
  updateToasts((all) =>
    all.filter((toast) => {
      if (toast.id !== id) return true;
      toast.onClose?.(toast);
      return false;
    }),
  );
}

export function clearToasts(): void {
  updateToasts(() => []);
}

export function hasToasts(): boolean {
  return state.notifications.length + state.queue.length > 0;
}
