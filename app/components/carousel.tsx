import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

// The home page's carousels (SPEC §9): the hero fades (5 s delay, 2 s fade); the tool and project
// rows slide (3 s delay, 1 s speed). Both pause on hover or focus and for reduced motion.
// A few lines of CSS transitions instead of a carousel library keep the home page light.

type Props = {
  items: ReactNode[];
  mode: 'fade' | 'slide';
  delay: number;
  speed: number;
  /** How many items a slide row shows at once. */
  perView?: { xs: number; sm: number; md: number };
  label: string;
  aspectRatio?: string;
};

function useReducedMotion(): boolean {
  const [reduced, setReduced] = useState(false);
  useEffect(() => {
    const mq = window.matchMedia('(prefers-reduced-motion: reduce)');
    setReduced(mq.matches);
  }, []);
  return reduced;
}

export function Carousel({ items, mode, delay, speed, perView = { xs: 1, sm: 2, md: 3 }, label, aspectRatio = '16 / 9' }: Props) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const reduced = useReducedMotion();
  const count = items.length;

  useEffect(() => {
    if (paused || reduced || count < 2) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % count), delay);
    return () => window.clearInterval(timer);
  }, [paused, reduced, count, delay]);

  if (count === 0) return null;
  const go = (step: number) => setIndex((i) => (i + step + count) % count);
  const controls = count > 1 && (
    <>
      <IconButton aria-label={t('home.previous')} onClick={() => go(-1)} sx={{ position: 'absolute', left: 4, top: '50%', transform: 'translateY(-50%)', bgcolor: 'rgba(255,255,255,.75)', '&:hover': { bgcolor: 'white' }, zIndex: 2 }} size="small">
        <ChevronLeft />
      </IconButton>
      <IconButton aria-label={t('home.next')} onClick={() => go(1)} sx={{ position: 'absolute', right: 4, top: '50%', transform: 'translateY(-50%)', bgcolor: 'rgba(255,255,255,.75)', '&:hover': { bgcolor: 'white' }, zIndex: 2 }} size="small">
        <ChevronRight />
      </IconButton>
    </>
  );
  const common = {
    role: 'region',
    'aria-roledescription': 'carousel',
    'aria-label': label,
    onMouseEnter: () => setPaused(true),
    onMouseLeave: () => setPaused(false),
    onFocus: () => setPaused(true),
    onBlur: () => setPaused(false),
  } as const;

  if (mode === 'fade') {
    return (
      <Box {...common} sx={{ position: 'relative', width: '100%', aspectRatio, overflow: 'hidden', borderRadius: 1 }}>
        {items.map((item, i) => (
          <Box
            // biome-ignore lint/suspicious/noArrayIndexKey: slides are positional
            key={i}
            role="group"
            aria-roledescription="slide"
            aria-label={t('home.slide', { n: i + 1, total: count })}
            aria-hidden={i !== index}
            sx={{ position: 'absolute', inset: 0, opacity: i === index ? 1 : 0, transition: `opacity ${speed}ms ease-in-out`, zIndex: i === index ? 1 : 0 }}
          >
            {item}
          </Box>
        ))}
        {controls}
      </Box>
    );
  }
  const widths = { xs: 100 / perView.xs, sm: 100 / perView.sm, md: 100 / perView.md };
  return (
    <Box {...common} sx={{ position: 'relative', overflow: 'hidden' }}>
      <Box
        sx={{
          display: 'flex',
          transition: `transform ${speed}ms ease`,
          transform: { xs: `translateX(-${index * widths.xs}%)`, sm: `translateX(-${Math.min(index, Math.max(0, count - perView.sm)) * widths.sm}%)`, md: `translateX(-${Math.min(index, Math.max(0, count - perView.md)) * widths.md}%)` },
        }}
      >
        {items.map((item, i) => (
          <Box
            // biome-ignore lint/suspicious/noArrayIndexKey: slides are positional
            key={i}
            role="group"
            aria-roledescription="slide"
            aria-label={t('home.slide', { n: i + 1, total: count })}
            sx={{ flex: { xs: `0 0 ${widths.xs}%`, sm: `0 0 ${widths.sm}%`, md: `0 0 ${widths.md}%` }, p: 1, boxSizing: 'border-box' }}
          >
            {item}
          </Box>
        ))}
      </Box>
      {controls}
    </Box>
  );
}
