import { NotFoundView } from './NotFoundView';

export default function PageNotFoundPage() {
  return <NotFoundView kind="page" />;
}
