import { Navigate, useParams } from 'react-router-dom';

/**
 * SPEC §2 `/albumImage/{jobId}/{fileId}`: one file of a shared album, shown as its link shows it
 * (the visitor album with that file open in the viewer; Escape leaves to the album).
 */
export default function AlbumImagePage() {
  const { jobId = '', fileId = '' } = useParams();
  return (
    <Navigate to={`/a/${encodeURIComponent(jobId)}?file=${encodeURIComponent(fileId)}`} replace />
  );
}
