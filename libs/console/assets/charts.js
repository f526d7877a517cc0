import { h } from './dom.js';
import { language } from './i18n.js';

let loading;

/**
 * Chart.js, the console's chart library: its UMD build is served from the installed package at
 * /console/chart.umd.min.js (same origin, so the console's script-src 'self' holds) and loaded
 * on the first page that draws a chart.
 */
export function loadChartLibrary() {
  loading ??= new Promise((resolve, reject) => {
    if (window.Chart) return resolve(window.Chart);
    const script = document.createElement('script');
    script.src = '/console/chart.umd.min.js';
    script.onload = () => resolve(window.Chart);
    script.onerror = () => {
      loading = undefined;
      reject(new Error('the chart library did not load'));
    };
    document.head.append(script);
  });
  return loading;
}

const COLOURS = ['#1f7a4d', '#2f6fb0', '#b5542a', '#7a5aa6'];

/**
 * A horizontal bar chart in a figure that names it for screen readers. Right to left in Arabic:
 * the bars grow from the right, the legend and tooltips read right to left.
 */
export function barChart({ name, title, labels, series, max, unit = '' }) {
  const canvas = h('canvas', { role: 'img', 'aria-label': title });
  const area = h('div', { class: 'chart-area' }, canvas);
  // As tall as its bars need (CSSOM, which the console's style-src allows, unlike a style attribute).
  area.style.height = `${Math.max(9, 4 + labels.length * series.length * 1.2)}rem`;
  const figure = h('figure', { class: 'chart', 'data-chart': name }, h('figcaption', {}, title), area);
  const rtl = language() === 'ar';
  loadChartLibrary().then(
    (Chart) => {
      if (!canvas.isConnected) return; // the page changed meanwhile
      new Chart(canvas, {
        type: 'bar',
        data: {
          labels,
          datasets: series.map((s, i) => ({ label: s.label, data: s.data, backgroundColor: COLOURS[i % COLOURS.length] })),
        },
        options: {
          indexAxis: 'y',
          animation: false,
          responsive: true,
          maintainAspectRatio: false,
          locale: rtl ? 'ar-SA' : 'en-GB',
          scales: {
            x: { min: 0, ...(max === undefined ? {} : { max }), reverse: rtl, ticks: { callback: (v) => `${v}${unit}` } },
            y: { position: rtl ? 'right' : 'left' },
          },
          plugins: {
            legend: { rtl, textDirection: rtl ? 'rtl' : 'ltr' },
            tooltip: {
              rtl,
              textDirection: rtl ? 'rtl' : 'ltr',
              callbacks: { label: (c) => `${c.dataset.label}: ${c.raw === null ? '—' : `${c.raw}${unit}`}` },
            },
          },
        },
      });
      figure.dataset.drawn = 'true';
    },
    () => {
      figure.hidden = true; // the table beside it holds the same figures
    },
  );
  return figure;
}
