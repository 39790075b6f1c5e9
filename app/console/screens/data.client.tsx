import { FilesScreen } from '../../console/files-screen.tsx';

// SPEC §2 console/data: the shared file list (owner "public") with upload.
export default function DataScreen() {
  return <FilesScreen scope="public" />;
}
