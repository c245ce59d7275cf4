// The public entry of features/timeline: the timeline's files as a grid source (the viewer walks
// a job's files with it when no grid is on screen).
export { apiTimelineSource } from './apiTimelineSource';
