import AdvisorIcon from '@mui/icons-material/HealthAndSafety';
import ArticleIcon from '@mui/icons-material/Article';
import AssessmentIcon from '@mui/icons-material/Assessment';
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import EventIcon from '@mui/icons-material/Event';
import FolderIcon from '@mui/icons-material/Folder';
import HistoryIcon from '@mui/icons-material/History';
import HomeIcon from '@mui/icons-material/Home';
import ImageIcon from '@mui/icons-material/Image';
import InfoIcon from '@mui/icons-material/Info';
import InsertDriveFileIcon from '@mui/icons-material/InsertDriveFile';
import LibraryBooksIcon from '@mui/icons-material/LibraryBooks';
import LightbulbIcon from '@mui/icons-material/Lightbulb';
import NewspaperIcon from '@mui/icons-material/Newspaper';
import PeopleIcon from '@mui/icons-material/People';
import PersonIcon from '@mui/icons-material/Person';
import RestoreFromTrashIcon from '@mui/icons-material/RestoreFromTrash';
import ScheduleIcon from '@mui/icons-material/Schedule';
import SchoolIcon from '@mui/icons-material/School';
import StarIcon from '@mui/icons-material/Star';
import StorageIcon from '@mui/icons-material/Storage';
import TableChartIcon from '@mui/icons-material/TableChart';
import WebIcon from '@mui/icons-material/Web';
import type { ReactElement } from 'react';
import type { ConsoleIcon } from '../../common/resource.ts';
import type { NavItem, OwnScreen } from './nav.ts';

// The drawer's pictures: those a declaration may name for its console screen (common/resource.ts, `consoleIcons`),
// and those of the screens of their own. Each drawer entry has a picture of its own (icons.test.tsx).
const consoleIconOf: Record<ConsoleIcon, ReactElement> = {
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
  lightbulb: <LightbulbIcon />,
  star: <StarIcon />,
  table: <TableChartIcon />,
};

const ownIconOf: Record<OwnScreen, ReactElement> = {
  home: <HomeIcon />,
  data: <StorageIcon />,
  info: <InfoIcon />,
  site: <WebIcon />,
  activity: <HistoryIcon />,
  report: <AssessmentIcon />,
  trash: <RestoreFromTrashIcon />,
  profile: <PersonIcon />,
  private_image: <ImageIcon />,
  private_data: <InsertDriveFileIcon />,
  private_time: <ScheduleIcon />,
};

/** The picture of a drawer entry. */
export const navIcon = (item: NavItem): ReactElement => ('own' in item ? ownIconOf[item.own] : consoleIconOf[item.icon]);

/** The advisor account's entry to its own area (added to its drawer). */
export const advisorIcon = <AdvisorIcon />;
