import ArticleIcon from '@mui/icons-material/Article';
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import EventIcon from '@mui/icons-material/Event';
import FolderIcon from '@mui/icons-material/Folder';
import InfoIcon from '@mui/icons-material/Info';
import LibraryBooksIcon from '@mui/icons-material/LibraryBooks';
import NewspaperIcon from '@mui/icons-material/Newspaper';
import PeopleIcon from '@mui/icons-material/People';
import SchoolIcon from '@mui/icons-material/School';
import StarIcon from '@mui/icons-material/Star';
import TableChartIcon from '@mui/icons-material/TableChart';
import WebIcon from '@mui/icons-material/Web';
import type { ReactElement } from 'react';
import type { ConsoleIcon } from '../../common/resource.ts';

// The pictures a declaration may name for its console screen (common/resource.ts, `consoleIcons`).
export const consoleIconOf: Record<ConsoleIcon, ReactElement> = {
  people: <PeopleIcon />,
  article: <ArticleIcon />,
  publication: <LibraryBooksIcon />,
  news: <NewspaperIcon />,
  event: <EventIcon />,
  folder: <FolderIcon />,
  info: <InfoIcon />,
  web: <WebIcon />,
  award: <EmojiEventsIcon />,
  school: <SchoolIcon />,
  star: <StarIcon />,
  table: <TableChartIcon />,
};
