import Typography from '@mui/material/Typography';

// Placeholder while this screen is being built (issue #4).
export default function Screen() {
  return <Typography variant="h5" component="h1">…</Typography>;
}
