// Chartist's bar chart alone (its style sheet comes with the shell's: ContentsChart.tsx). The chart
// imports this module on demand; a named re-export lets the bundler leave out the rest of
// Chartist, which a dynamic import of the package itself would bring whole (11.5 kB against
// 7.5 kB gzipped).

// biome-ignore lint/performance/noBarrelFile: the one re-export is what lets the bundler drop the rest of Chartist (above)
export { BarChart } from 'chartist';
