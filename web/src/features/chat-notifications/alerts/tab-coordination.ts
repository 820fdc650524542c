/**
 * Several console tabs receive the same events: only one of them should ring, and none should ring
 * for a chat the user is reading in the focused tab. Tabs share two localStorage entries for that.
 */
const CLAIM_KEY = 'parley.chatAlerts.claimed';
const FOCUSED_PATH_KEY = 'parley.chatAlerts.focusedPath';

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage may be full or blocked: each tab then decides alone, which is only noisier.
  }
}

/**
 * True for the first tab that claims this alert. Event ids grow, so one remembered id is enough; an
 * event replayed after a reconnection (an older id) does not ring twice.
 */
export function claimAlert(eventId: number): boolean {
  const claimed = Number(read(CLAIM_KEY) ?? 0);
  if (Number.isFinite(claimed) && claimed >= eventId) return false;
  write(CLAIM_KEY, String(eventId));
  return true;
}

function tabIsFocused(): boolean {
  return document.visibilityState === 'visible' && document.hasFocus();
}

/** Records the path of this tab while it has the focus (call on focus, blur and navigation). */
export function recordTabFocus(pathname: string): void {
  if (tabIsFocused()) write(FOCUSED_PATH_KEY, pathname);
  else if (read(FOCUSED_PATH_KEY) === pathname) write(FOCUSED_PATH_KEY, null);
}

/** Whether the user is looking at this path now, in this tab or in another focused one. */
export function pathIsInFocus(pathname: string, ownPathname: string): boolean {
  if (tabIsFocused()) return ownPathname === pathname;
  return read(FOCUSED_PATH_KEY) === pathname;
}
