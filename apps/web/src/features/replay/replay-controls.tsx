import { useTranslation } from 'react-i18next';
import { SPEEDS, type Speed } from './use-replay-steps';

// Drawn inline: the media-control glyphs (⏮ ⏭ ⏸) are missing from many phones' fonts.
const PATHS = {
  start: 'M6 5h2v14H6zM20 5v14L9 12z',
  back: 'M16 5v14L5 12z',
  play: 'M7 5v14l12-7z',
  pause: 'M6 5h4v14H6zM14 5h4v14h-4z',
  forward: 'M8 5v14l11-7z',
  end: 'M16 5h2v14h-2zM4 5v14l11-7z',
} as const;

function Icon({ name }: { name: keyof typeof PATHS }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
      <path d={PATHS[name]} fill="currentColor" />
    </svg>
  );
}

interface ControlsProps {
  step: number;
  last: number;
  isPlaying: boolean;
  speed: Speed;
  onStep: (step: number) => void;
  onToggle: () => void;
  onSpeed: (speed: Speed) => void;
}

/** Step back and forward, play and pause at 1x/2x/4x, and a slider over the whole game. */
export function ReplayControls({ step, last, isPlaying, speed, onStep, onToggle, onSpeed }: ControlsProps) {
  const { t } = useTranslation('replay');
  return (
    <div className="replay-controls" data-testid="replay-controls">
      <input
        type="range"
        className="replay-slider"
        min={0}
        max={last}
        value={step}
        onChange={(e) => onStep(Number(e.currentTarget.value))}
        aria-label={t('controls.slider')}
        aria-valuetext={t('step_of', { n: step, total: last })}
        data-testid="replay-slider"
      />
      <div className="replay-buttons">
        <button type="button" className="btn btn-ghost" onClick={() => onStep(0)} disabled={step === 0} aria-label={t('controls.start')}>
          <Icon name="start" />
        </button>
        <button
          type="button"
          className="btn btn-ghost"
          onClick={() => onStep(step - 1)}
          disabled={step === 0}
          aria-label={t('controls.back')}
          data-testid="replay-back"
        >
          <Icon name="back" />
        </button>
        <button
          type="button"
          className="btn btn-gold replay-play"
          onClick={onToggle}
          aria-label={isPlaying ? t('controls.pause') : t('controls.play')}
          data-testid="replay-play"
          data-playing={isPlaying}
        >
          <Icon name={isPlaying ? 'pause' : 'play'} />
        </button>
        <button
          type="button"
          className="btn btn-ghost"
          onClick={() => onStep(step + 1)}
          disabled={step >= last}
          aria-label={t('controls.forward')}
          data-testid="replay-forward"
        >
          <Icon name="forward" />
        </button>
        <button type="button" className="btn btn-ghost" onClick={() => onStep(last)} disabled={step >= last} aria-label={t('controls.end')}>
          <Icon name="end" />
        </button>
      </div>
      <div className="replay-speeds" role="radiogroup" aria-label={t('controls.speed')}>
        {SPEEDS.map((s) => (
          <button
            key={s}
            type="button"
            role="radio"
            aria-checked={speed === s}
            className={`btn ${speed === s ? 'btn-gold' : 'btn-ghost'}`}
            onClick={() => onSpeed(s)}
            data-testid={`replay-speed-${s}`}
          >
            {s}×
          </button>
        ))}
      </div>
    </div>
  );
}
