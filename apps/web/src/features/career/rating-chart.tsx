import { useTranslation } from 'react-i18next';

const WIDTH = 320;
const HEIGHT = 120;
const PAD = 6;

/**
 * The rating after each game as a line. Drawn as one SVG path rather than with a charting library:
 * one series, no axes beyond the first and last value, so a library would add weight for nothing
 * (docs/decisions.md).
 */
export function RatingChart({ history }: { history: readonly { at: string; rating: number }[] }) {
  const { t } = useTranslation('player');
  if (history.length < 2) {
    return (
      <p className="career-note" data-testid="chart-empty">
        {t('career.chart_empty')}
      </p>
    );
  }
  const ratings = history.map((h) => h.rating);
  const low = Math.min(...ratings);
  const high = Math.max(...ratings);
  const span = Math.max(high - low, 1);
  const x = (i: number) => PAD + (i * (WIDTH - 2 * PAD)) / (history.length - 1);
  const y = (r: number) => PAD + ((high - r) * (HEIGHT - 2 * PAD)) / span;
  const line = ratings.map((r, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(r).toFixed(1)}`).join(' ');
  const area = `${line} L${x(history.length - 1).toFixed(1)},${HEIGHT} L${PAD},${HEIGHT} Z`;
  const first = Math.round(ratings[0]!);
  const last = Math.round(ratings[ratings.length - 1]!);
  return (
    <figure className="rating-chart" data-testid="rating-chart">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={t('career.chart_label', { from: first, to: last, n: history.length })}
        preserveAspectRatio="none"
      >
        <path d={area} className="rating-chart-area" />
        <path d={line} className="rating-chart-line" vectorEffect="non-scaling-stroke" />
      </svg>
      <figcaption>
        <span>{first}</span>
        <span>{t('career.chart_range', { low: Math.round(low), high: Math.round(high) })}</span>
        <strong>{last}</strong>
      </figcaption>
    </figure>
  );
}
