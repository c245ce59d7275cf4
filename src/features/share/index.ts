// The public entry of features/share: the share dialog other pages open (the timeline's and an
// album's selection, the viewer's slot) and the receiver of a link (`/share/{id}`, rendered by
// the shell's page with its share-not-found page; `/share/{id}/copyShare`).
export { ShareDialog, type ShareDialogProps } from './ShareDialog';
export { ShareReceiver } from './ShareReceiver';
export { ShareFiles } from './ShareFiles';
export { CopyShare } from './ShareActions';
export { registerShareAction } from './CarouselShare';
export { JobFetchPage } from './JobFetchPage';
export { useLinkJob, type LinkJob } from './linkJob';
export type { PasswordProblem } from './SharePassword';
