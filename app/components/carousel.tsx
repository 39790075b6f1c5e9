import { type ReactNode, useEffect, useState } from 'react';
import { useT } from '../i18n/index.tsx';
import { ChevronLeft, ChevronRight } from './icons.tsx';

// The home page's carousels (SPEC §9): the hero fades (5 s delay, 2 s fade); the tool and project
// rows slide (3 s delay, 1 s speed). They pause on hover or focus and for reduced motion.

type Props = { items: ReactNode[]; mode: 'fade' | 'slide'; delay: number; speed: number; label: string };

export function Carousel({ items, mode, delay, speed, label }: Props) {
  const { t } = useT();
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const [perView, setPerView] = useState(1);
  const count = items.length;

  useEffect(() => {
    if (paused || count < 2 || window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % count), delay);
    return () => window.clearInterval(timer);
  }, [paused, count, delay]);

  useEffect(() => {
    if (mode !== 'slide') return;
    const update = () => setPerView(window.innerWidth >= 900 ? 3 : window.innerWidth >= 600 ? 2 : 1);
    update();
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, [mode]);

  if (count === 0) return null;
  const go = (step: number) => setIndex((i) => (i + step + count) % count);
  const region = {
    role: 'region',
    'aria-roledescription': 'carousel',
    'aria-label': label,
    onMouseEnter: () => setPaused(true),
    onMouseLeave: () => setPaused(false),
    onFocus: () => setPaused(true),
    onBlur: () => setPaused(false),
  } as const;
  const buttons = count > 1 && (
    <>
      <button type="button" className="carousel-button prev" aria-label={t('home.previous')} onClick={() => go(-1)}>
        <ChevronLeft />
      </button>
      <button type="button" className="carousel-button next" aria-label={t('home.next')} onClick={() => go(1)}>
        <ChevronRight />
      </button>
    </>
  );

  if (mode === 'fade') {
    return (
      <div className="carousel fade" {...region}>
        {items.map((item, i) => (
          // biome-ignore lint/a11y/useSemanticElements: the ARIA carousel pattern names each slide a group
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: slides are positional
            key={i}
            className={`slide-fade${i === index ? ' current' : ''}`}
            style={{ transitionDuration: `${speed}ms` }}
            role="group"
            aria-roledescription="slide"
            aria-label={t('home.slide', { n: i + 1, total: count })}
            inert={i !== index}
          >
            {item}
          </div>
        ))}
        {buttons}
      </div>
    );
  }
  const offset = Math.min(index, Math.max(0, count - perView)) * (100 / perView);
  return (
    <div className="carousel" {...region}>
      <div className="track" style={{ transform: `translateX(-${offset}%)`, transitionDuration: `${speed}ms` }}>
        {items.map((item, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: slides are positional
          // biome-ignore lint/a11y/useSemanticElements: the ARIA carousel pattern names each slide a group
          <div key={i} className="slide" role="group" aria-roledescription="slide" aria-label={t('home.slide', { n: i + 1, total: count })}>
            {item}
          </div>
        ))}
      </div>
      {buttons}
    </div>
  );
}
