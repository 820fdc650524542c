/** The login page's parameter naming the page to open after signing in. */
export const RETURN_PARAM = 'next';

/**
 * The page to open after signing in, when `raw` is safe: a same-origin relative path ('/x?y#z'),
 * never another site ('//evil.example', '/\\evil.example', 'https://…'), and never a page outside
 * the console (the sign-in pages themselves). Anything else gives null.
 */
export function safeReturnPath(raw: string | null | undefined): string | null {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return null;
  // Control characters (tabs and new lines are dropped by URL parsers) could smuggle in a host.
  if ([...raw].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)) return null;
  const base = 'https://parley.invalid';
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    return null;
  }
  if (url.origin !== base) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (url.pathname === '/' || url.pathname === '/login') return null;
  return path;
}

/** '/login?next=…' for a visitor without a session who asked for `path` (the dashboard needs no return). */
export function loginPathFor(path: string): string {
  const safe = safeReturnPath(path);
  if (!safe || safe === '/dashboard') return '/login';
  return `/login?${new URLSearchParams({ [RETURN_PARAM]: safe })}`;
}
