import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { clearToasts } from '../lib/toast';

// Routes load lazily (the shell pulls in its icons on first use); under a loaded machine the first
// render can take longer than Testing Library's default 1 s.
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks a few browser APIs Mantine uses.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
if (!('ResizeObserver' in window)) {
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
}
if (!Element.prototype.scrollIntoView) {
  Element.prototype.scrollIntoView = () => {};
}

afterEach(() => {
  cleanup();
  // Toasts live in a module-level store; do not let one test's toasts leak into the next.
  clearToasts();
  window.localStorage.clear();
});
