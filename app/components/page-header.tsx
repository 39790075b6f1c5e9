import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';

/** The title band at the top of every public page but the home page. */
export function PageHeader({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <Box sx={{ bgcolor: 'primary.main', color: 'common.white', py: { xs: 3, sm: 5 }, mb: 4 }}>
      <Container>
        <Typography variant="h1">{title}</Typography>
        {subtitle && (
          <Typography variant="subtitle1" component="p" sx={{ opacity: 0.9, mt: 1 }}>
            {subtitle}
          </Typography>
        )}
      </Container>
    </Box>
  );
}
