import { useEffect, useId, useRef, useState } from 'react';
import type { FeeInstallment } from '../../../contract/gateway/fee-simulation.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { ticksFor } from './chart-scale.ts';
import { forecastDayNumber, formatForecastDate } from './forecast-date.ts';

const DEFAULT_WIDTH = 640;
const MIN_WIDTH = 280;
const HEIGHT = 240;
const MARGIN = { top: 12, right: 12, bottom: 36, left: 72 };
const PLOT_H = HEIGHT - MARGIN.top - MARGIN.bottom;
/** Room one date label needs on the axis, in CSS pixels. */
const LABEL_ROOM = 64;

/**
 * The drawing is laid out at the width it is shown, one SVG unit per CSS pixel: scaling a desktop
 * drawing down to a phone would shrink its labels below reading size.
 */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(DEFAULT_WIDTH);
  useEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.max(MIN_WIDTH, Math.round(entry.contentRect.width)));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

const compactMoney = new Map<string, Intl.NumberFormat>();
function axisMoney(value: number, locale: string): string {
  let formatter = compactMoney.get(locale);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: 'BRL',
      notation: 'compact',
      maximumFractionDigits: 1,
    });
    compactMoney.set(locale, formatter);
  }
  return formatter.format(value);
}

/**
 * Net and anticipated amount at each forecast date, placed by real day count. A picture for sighted
 * merchants; the installments table above is its text alternative, so the SVG is one image with a
 * title and a description instead of a tree of shapes for screen readers to wade through.
 */
export function ReceivablesChart({ installments }: { installments: readonly FeeInstallment[] }) {
  const { t, locale } = useI18n();
  const id = useId();
  const [box, WIDTH] = useWidth();
  const PLOT_W = WIDTH - MARGIN.left - MARGIN.right;
  const points = installments.flatMap((entry) => {
    const day = forecastDayNumber(entry.previsionPaymentDate);
    return day === null ? [] : [{ entry, day }];
  });
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return null;

  const ticks = ticksFor(Math.max(...points.map((p) => Math.max(p.entry.netAmount, p.entry.grossAmount))));
  const top = ticks.at(-1) ?? 1;
  const y = (value: number) => MARGIN.top + PLOT_H - (value / top) * PLOT_H;
  const slot = PLOT_W / points.length;
  const span = last.day - first.day;
  const x = (day: number) =>
    MARGIN.left +
    slot / 2 +
    (span === 0 ? (PLOT_W - slot) / 2 : ((day - first.day) / span) * (PLOT_W - slot));
  const barW = Math.min(22, slot * 0.36);
  // As many dates as fit without overlapping (the table has them all).
  const labelEvery = Math.max(1, Math.ceil((points.length * LABEL_ROOM) / PLOT_W));
  const shortDate = (value: string) => formatForecastDate(value, locale, { day: 'numeric', month: 'short' });

  return (
    <figure className="simulator-chart">
      <figcaption className="simulator-chart__caption">{t('simulator.chart.title')}</figcaption>
      <div className="simulator-chart__legend" aria-hidden="true">
        <span className="simulator-chart__key simulator-chart__key--net">
          {t('simulator.chart.legendNet')}
        </span>
        <span className="simulator-chart__key simulator-chart__key--anticipated">
          {t('simulator.chart.legendAnticipated')}
        </span>
      </div>
      <div ref={box}>
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          role="img"
          aria-labelledby={`${id}-title ${id}-desc`}
          className="simulator-chart__svg"
        >
          <title id={`${id}-title`}>{t('simulator.chart.title')}</title>
          <desc id={`${id}-desc`}>
            {t('simulator.chart.description', {
              first: formatForecastDate(first.entry.previsionPaymentDate, locale),
              last: formatForecastDate(last.entry.previsionPaymentDate, locale),
            })}
          </desc>
          {ticks.map((tick) => (
            <g key={tick}>
              <line
                x1={MARGIN.left}
                x2={WIDTH - MARGIN.right}
                y1={y(tick)}
                y2={y(tick)}
                className="simulator-chart__grid"
              />
              <text
                x={MARGIN.left - 8}
                y={y(tick)}
                dy="0.32em"
                textAnchor="end"
                className="simulator-chart__label"
              >
                {axisMoney(tick, locale)}
              </text>
            </g>
          ))}
          {points.map(({ entry, day }, index) => {
            const cx = x(day);
            return (
              <g key={entry.installment}>
                <rect
                  x={cx - barW}
                  y={y(entry.netAmount)}
                  width={barW}
                  height={Math.max(0, y(0) - y(entry.netAmount))}
                  className="simulator-chart__bar--net"
                />
                <rect
                  x={cx}
                  y={y(entry.antecipatedAmount)}
                  width={barW}
                  height={Math.max(0, y(0) - y(entry.antecipatedAmount))}
                  className="simulator-chart__bar--anticipated"
                />
                {index % labelEvery === 0 ? (
                  <text
                    x={cx}
                    y={HEIGHT - MARGIN.bottom + 18}
                    textAnchor="middle"
                    className="simulator-chart__label"
                  >
                    {shortDate(entry.previsionPaymentDate)}
                  </text>
                ) : null}
              </g>
            );
          })}
          <line
            x1={MARGIN.left}
            x2={WIDTH - MARGIN.right}
            y1={y(0)}
            y2={y(0)}
            className="simulator-chart__axis"
          />
        </svg>
      </div>
    </figure>
  );
}
