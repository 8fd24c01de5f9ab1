// Contents published per month as bars, drawn by Chartist (chosen for its size: docs/shell.md).
// Chartist is a chunk apart, so it never delays the figures above it, fetched beside the figures
// (loadBarChart.ts); the table under the drawing gives the same numbers to screen readers.

// Chartist's style sheet (2 kB gzipped) comes with the shell's, not with the chart's code: a file of
// its own was a request more after a sign-in, whose budget (12, bench:bundle) the shell's code
// takes in three files (vite.config.ts)
import 'chartist/dist/index.css';
import { useEffect, useRef } from 'react';
import type { MonthCount } from '../../api/dashboard.ts';
import { loadBarChart } from './loadBarChart.ts';

export interface ContentsChartProps {
  months: MonthCount[];
  /** what the chart shows, for screen readers */
  label: string;
  monthHeader: string;
  countHeader: string;
}

export const CHART_HEIGHT = 240;

export function ContentsChart({ months, label, monthHeader, countHeader }: ContentsChartProps) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    let chart: { detach(): unknown } | undefined;
    let gone = false;
    loadBarChart().then(({ BarChart }) => {
      if (gone) return;
      chart = new BarChart(
        element,
        { labels: months.map((m) => m.month.slice(2)), series: [months.map((m) => m.count)] },
        { height: `${CHART_HEIGHT}px`, axisX: { showGrid: false }, axisY: { onlyInteger: true } },
      );
    });
    return () => {
      gone = true;
      chart?.detach();
    };
  }, [months]);

  return (
    <figure className="contents-chart" data-testid="contents-chart">
      <div ref={box} style={{ height: CHART_HEIGHT }} aria-hidden="true" />
      <table className="sr-only">
        <caption>{label}</caption>
        <thead>
          <tr>
            <th scope="col">{monthHeader}</th>
            <th scope="col">{countHeader}</th>
          </tr>
        </thead>
        <tbody>
          {months.map((m) => (
            <tr key={m.month}>
              <td>{m.month}</td>
              <td>{m.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
