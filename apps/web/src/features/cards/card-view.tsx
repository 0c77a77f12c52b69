import type { Card } from '@durak/engine';
import { useQuery } from '@tanstack/react-query';
import type { CSSProperties, ReactNode } from 'react';
import { cardBackQuery, DEFAULT_CARD_BACK } from '../../net/query-client';
import { useCardName } from './card-name';
import { useImageStatus } from './image-status';
import { CARD_HEIGHT, CARD_WIDTH, cardLabel, SPRITE_URL, spriteStyle } from './sprite';
import './cards.css';

interface FrameProps {
  width: number;
  className?: string | undefined;
  style?: CSSProperties | undefined;
  children?: ReactNode;
  label?: string | undefined;
  testId?: string | undefined;
}

function heightOf(width: number): number {
  return Math.round((width * CARD_HEIGHT) / CARD_WIDTH);
}

/** SPEC §8: a pulsing placeholder while loading, a red '!' box on error. */
function Placeholder({ width, isError, className, style, label, testId }: FrameProps & { isError: boolean }) {
  return (
    <div
      className={`card ${isError ? 'card-error' : 'card-loading'} ${className ?? ''}`}
      style={{ ...style, width, height: heightOf(width) }}
      role="img"
      aria-label={label}
      data-testid={testId}
      data-card-state={isError ? 'error' : 'loading'}
    >
      {isError ? '!' : null}
    </div>
  );
}

/** One face-up card, cut from the shared sprite. */
export function CardFace({ card, width = CARD_WIDTH, className, style, testId }: { card: Card } & Omit<FrameProps, 'label'>) {
  const status = useImageStatus(SPRITE_URL);
  const label = useCardName()(card);
  if (status !== 'loaded')
    return <Placeholder width={width} isError={status === 'error'} className={className} style={style} label={label} testId={testId} />;
  return (
    <div
      className={`card card-face ${className ?? ''}`}
      style={{ ...style, ...spriteStyle(card, width), width, height: heightOf(width) }}
      role="img"
      aria-label={label}
      data-testid={testId}
      data-card={cardLabel(card)}
    />
  );
}

/** The user's card back (assets entry 1, CARD_BACK); the default one when missing or failing. */
export function useCardBackUrl(): string {
  const { data } = useQuery(cardBackQuery);
  const url = data ?? DEFAULT_CARD_BACK;
  const status = useImageStatus(url);
  return status === 'error' ? DEFAULT_CARD_BACK : url;
}

/** A face-down card; with a `label` it is named (an opponent's card), without it decoration. */
export function CardBack({
  width = CARD_WIDTH,
  isHorizontal = false,
  className,
  style,
  testId,
  label,
}: { isHorizontal?: boolean } & FrameProps) {
  const chosen = useCardBackUrl();
  const url = isHorizontal && chosen === DEFAULT_CARD_BACK ? '/cards/back-horizontal.svg' : chosen;
  const status = useImageStatus(url);
  if (status !== 'loaded')
    return <Placeholder width={width} isError={status === 'error'} className={className} style={style} testId={testId} label={label} />;
  const height = heightOf(width);
  return (
    <div
      className={`card card-back ${className ?? ''}`}
      style={{ ...style, backgroundImage: `url(${url})`, width: isHorizontal ? height : width, height: isHorizontal ? width : height }}
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
      data-testid={testId}
    />
  );
}
