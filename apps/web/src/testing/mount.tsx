import { I18nProvider } from '@lingui/react';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach } from 'vitest';
import { activateLanguage, appI18n } from '../lib/i18n';

// Without this flag React warns that updates are not wrapped in act(), though the tests wrap them.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/**
 * A React root for each test of the describe block that calls it: before a test, a new element in the
 * document and the app in English; after it, the root unmounted and the element removed. `render` shows
 * a node within the app's translations, as the app does.
 */
export function mountEachTest() {
  let root: Root | null = null;
  let element: HTMLElement | null = null;
  beforeEach(() => {
    activateLanguage('en');
    element = document.createElement('div');
    document.body.append(element);
    root = createRoot(element);
  });
  afterEach(() => {
    const done = root;
    if (done) act(() => done.unmount());
    element?.remove();
    root = null;
    element = null;
  });
  const mounted = () => {
    if (!root || !element) throw new Error('mountEachTest: used outside a test');
    return { root, element };
  };
  return {
    get container(): HTMLElement {
      return mounted().element;
    },
    render(node: ReactNode): void {
      const { root } = mounted();
      act(() => root.render(<I18nProvider i18n={appI18n}>{node}</I18nProvider>));
    },
  };
}
