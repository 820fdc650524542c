import { createContext, useContext, useEffect, type ReactNode } from 'react';

/** Where pages report their title; the root layout turns it into the browser tab's title. */
export const PageTitleContext = createContext<(title: string) => void>(() => undefined);

/** Sets the browser tab's title to '{title} · {console name}' while the page is shown. */
export function usePageTitle(title: string): void {
  const setTitle = useContext(PageTitleContext);
  useEffect(() => setTitle(title), [setTitle, title]);
}

/** A route element with its tab title: the route tables name every page here. */
export function Titled({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle(title);
  return children;
}

/** 'Customers · Parley': the page first, the console's name (PARLEY_TITLE) after. */
export function documentTitle(page: string | null, consoleName: string): string {
  return page ? `${page} · ${consoleName}` : consoleName;
}
