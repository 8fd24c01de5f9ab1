// Chartist's bar chart, fetched on demand: by the chart as it mounts, and beside the home page's
// figures right after sign-in (router/preload.ts), so that the drawing never waits for them first.
export const loadBarChart = () => import('./barChart.ts');
