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
  // jsdom has no layout, so Range lacks the rectangle methods; the rich-text editor asks for them
  // when it scrolls its selection into view, which an unhandled error would otherwise end.
  const noRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getClientRects ??= noRects;
  Range.prototype.getBoundingClientRect ??= () => new DOMRect(0, 0, 0, 0);
  const gcs = window.getComputedStyle.bind(window);
  window.getComputedStyle = ((el: Element) => gcs(el)) as typeof window.getComputedStyle;
}

// Testing Library's waits give up after 1 s by default: on a shared two-core machine a sign-in
// (profile, routes, manifest, the page's code) takes longer, and the wait failed while the app
// was still on its way. The tests wait for what they mean (an element, a route); this is only
// the ceiling, as generous as the suite's test timeout allows.
if (typeof window !== 'undefined') {
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 20_000 });
}

export {};
