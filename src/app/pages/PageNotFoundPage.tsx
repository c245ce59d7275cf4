import { NotFoundView } from '../../features/auth';

export default function PageNotFoundPage() {
  return <NotFoundView kind="page" />;
}
