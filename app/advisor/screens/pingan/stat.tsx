import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** One figure with its name above it (the name is also the figure's accessible name). */
export function Stat({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Box sx={{ p: 1, borderRadius: 1, bgcolor: 'action.hover', minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary" noWrap title={label}>
        {label}
      </Typography>
      <Typography variant="h6" component="p" aria-label={label}>
        {value}
      </Typography>
    </Box>
  );
}
