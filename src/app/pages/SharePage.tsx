import { ShareReceiver } from '../../features/share';

/** SPEC §2 `/share/{shareId}`: the receiver (its not-found page included). */
export default function SharePage() {
  return <ShareReceiver />;
}
