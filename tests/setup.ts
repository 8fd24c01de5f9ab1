// antd needs browser APIs that jsdom lacks; guarded so node-environment test files load this too.
if (typeof window !== 'undefined') {
  window.matchMedia ??= ((q: string) => ({
    matches: false,
    media: q,
    onchange: null,
    addListener() {},
    removeListener() {},
    addEventListener() {},
    removeEventListener() {},
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
  (globalThis as { ResizeObserver?: unknown }).ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  const gcs = window.getComputedStyle.bind(window);
  window.getComputedStyle = ((el: Element) => gcs(el)) as typeof window.getComputedStyle;
}
