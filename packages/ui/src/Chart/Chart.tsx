import { useEffect, useRef } from 'react';
import type { Chart as ChartJs } from 'chart.js';
import { Table, type TableColumn } from '../Table/Table.tsx';
import { tokens } from '../theme/tokens.ts';
import * as css from './Chart.css.ts';

export interface ChartSeries {
  label: string;
  values: readonly number[];
}

export interface ChartProps {
  /** Names the chart and its table. */
  title: string;
  /** One label per point (the x axis and the table's first column). */
  labels: readonly string[];
  series: readonly ChartSeries[];
  kind?: 'bar' | 'line';
  /** The table's first column header. */
  labelHeader?: string;
  /** Plot height in pixels. */
  height?: number;
}

const palette = [tokens.color.brand, tokens.color.accent, tokens.color.focus, tokens.color.critical];

/**
 * A bar or line chart (Chart.js, loaded when the chart first shows) with the same numbers in a table below it,
 * so screen readers and keyboard users get every value. The canvas is an image named by the title.
 */
export function Chart({
  title,
  labels,
  series,
  kind = 'bar',
  labelHeader = 'Date',
  height = 260,
}: ChartProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const chart = useRef<ChartJs | null>(null);

  useEffect(() => {
    let cancelled = false;
    void import('chart.js').then(
      ({
        Chart: ChartJs,
        BarController,
        BarElement,
        LineController,
        LineElement,
        PointElement,
        CategoryScale,
        LinearScale,
        Tooltip,
        Legend,
      }) => {
        if (cancelled || !canvas.current) return;
        ChartJs.register(
          BarController,
          BarElement,
          LineController,
          LineElement,
          PointElement,
          CategoryScale,
          LinearScale,
          Tooltip,
          Legend,
        );
        chart.current?.destroy();
        chart.current = new ChartJs(canvas.current, {
          type: kind,
          data: {
            labels: [...labels],
            datasets: series.map((s, i) => ({
              label: s.label,
              data: [...s.values],
              backgroundColor: palette[i % palette.length],
              borderColor: palette[i % palette.length],
            })),
          },
          options: {
            animation: false,
            responsive: true,
            maintainAspectRatio: false,
            plugins: { legend: { display: series.length > 1 } },
            scales: {
              x: { ticks: { color: tokens.color.textMuted, autoSkip: true, maxRotation: 0 } },
              y: { beginAtZero: true, ticks: { precision: 0, color: tokens.color.textMuted } },
            },
          },
        });
      },
    );
    return () => {
      cancelled = true;
      chart.current?.destroy();
      chart.current = null;
    };
  }, [kind, labels, series]);

  const rows = labels.map((label, i) => ({ label, values: series.map((s) => s.values[i] ?? 0) }));
  const columns: TableColumn<(typeof rows)[number]>[] = [
    { key: 'label', header: labelHeader },
    ...series.map((s, i) => ({
      key: `s${i}`,
      header: s.label,
      align: 'right' as const,
      render: (r: (typeof rows)[number]) => r.values[i],
    })),
  ];
  return (
    <figure className={css.figure}>
      <div className={css.plot} style={{ height }}>
        <canvas ref={canvas} role="img" aria-label={`${title} (chart; the numbers are in the table below)`} />
      </div>
      <Table caption={title} columns={columns} rows={rows} rowKey={(r) => r.label} />
    </figure>
  );
}
