import { FilesScreen } from '../../console/files-screen.tsx';

// SPEC §2 console/private_data: one's own files (owner = username), without the uploader column.
export default function PrivateDataScreen() {
  return <FilesScreen scope="private" />;
}
