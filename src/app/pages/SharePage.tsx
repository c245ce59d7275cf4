import { ShareReceiver } from '../../features/share';
import { NotFoundView } from './NotFoundView';

/** SPEC §2 `/share/{shareId}`: the receiver, with the shell's share-not-found page. */
export default function SharePage() {
  return <ShareReceiver notFound={<NotFoundView kind="share" />} />;
}
