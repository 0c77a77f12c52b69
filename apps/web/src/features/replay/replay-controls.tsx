import { useTranslation } from 'react-i18next';
import { SPEEDS, type Speed } from './use-replay-steps';

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
          ⏮
        </button>
        <button
          type="button"
          className="btn btn-ghost"
          onClick={() => onStep(step - 1)}
          disabled={step === 0}
          aria-label={t('controls.back')}
          data-testid="replay-back"
        >
          ‹
        </button>
        <button
          type="button"
          className="btn btn-gold replay-play"
          onClick={onToggle}
          aria-label={isPlaying ? t('controls.pause') : t('controls.play')}
          data-testid="replay-play"
          data-playing={isPlaying}
        >
          {isPlaying ? '⏸' : '▶'}
        </button>
        <button
          type="button"
          className="btn btn-ghost"
          onClick={() => onStep(step + 1)}
          disabled={step >= last}
          aria-label={t('controls.forward')}
          data-testid="replay-forward"
        >
          ›
        </button>
        <button type="button" className="btn btn-ghost" onClick={() => onStep(last)} disabled={step >= last} aria-label={t('controls.end')}>
          ⏭
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
