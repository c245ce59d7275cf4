// The public entry of features/notices: the session-start prompts of the SPEC §4 modal queue
// (terms, sunset notice, full-screen cards) and the SPEC §2 paid-service transition notice. The
// shell registers the popups and mounts SessionPrompts and the notice once.
import { registerPopup } from '../../platform/popupRegistry';
import {
  FULL_SCREEN_MESSAGE_POPUP,
  SUNSET_DELETION_POPUP,
  TERMS_OF_SERVICE_POPUP,
} from '../../state/popups';
import { FullScreenCardPopup } from './FullScreenCardPopup';
import { SunsetPopup } from './SunsetPopup';
import { TermsPopup } from './TermsPopup';

export { PaidTransitionNotice } from './PaidTransitionNotice';
export { SessionPrompts } from './SessionPrompts';

export function registerSessionPopups(): void {
  registerPopup(TERMS_OF_SERVICE_POPUP, TermsPopup);
  registerPopup(SUNSET_DELETION_POPUP, SunsetPopup);
  registerPopup(FULL_SCREEN_MESSAGE_POPUP, FullScreenCardPopup);
}
