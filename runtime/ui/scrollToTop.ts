// The pagination control's "scroll to the top over 800 ms" (spec §4). The browser's own smooth
// scrolling has no duration, so the animation is stepped by animation frames.

function easeInOutQuad(progress: number): number {
  return progress < 0.5 ? 2 * progress * progress : 1 - (-2 * progress + 2) ** 2 / 2;
}

export function scrollToTop(durationMs: number): void {
  if (typeof window === 'undefined') return;
  const start = window.scrollY;
  if (start <= 0) return;
  const began = performance.now();
  const step = (now: number) => {
    const progress = Math.min(1, (now - began) / durationMs);
    window.scrollTo(0, Math.round(start * (1 - easeInOutQuad(progress))));
    if (progress < 1) window.requestAnimationFrame(step);
  };
  window.requestAnimationFrame(step);
}
