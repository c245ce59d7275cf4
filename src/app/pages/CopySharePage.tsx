import { CopyShare } from '../../features/share';

/** SPEC §2 `/share/{shareId}/copyShare`: the login-gated copy to one's timeline. */
export default function CopySharePage() {
  return <CopyShare />;
}
