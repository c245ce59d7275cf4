import type { UploadTarget } from './model';
import type { UploadTransport } from './transport';
import type { UploadStore } from './uploadStore';

/**
 * The jobs uploads go to: a target's job (and whether it is a story album), the timeline's
 * (asked once), and a pending album's, created for real on its first upload (SPEC §4), once.
 */
export class UploadJobs {
  private readonly creatingAlbums = new Map<string, Promise<string>>();
  private defaultJob: Promise<string> | null = null;

  constructor(
    private readonly store: UploadStore,
    private readonly transport: UploadTransport,
  ) {}

  async resolveTarget(target: UploadTarget): Promise<{ jobId: string; isStory: boolean }> {
    if (target.kind === 'pendingAlbum') {
      const state = this.store.getState();
      if (!state.pendingAlbums[target.tempID]) state.addPendingAlbum(target);
      const created = this.store.getState().pendingAlbums[target.tempID]?.targetJob;
      return { jobId: created ?? target.tempID, isStory: true };
    }
    if (target.kind === 'job') {
      const type = await this.transport.jobType(target.jobId).catch(() => null);
      return { jobId: target.jobId, isStory: type === 'story' };
    }
    return { jobId: await this.timelineJob(), isStory: false };
  }

  timelineJob(): Promise<string> {
    this.defaultJob ??= this.transport.defaultJob().catch((error: unknown) => {
      this.defaultJob = null;
      throw error;
    });
    return this.defaultJob;
  }

  /** The real job of a target, creating a pending album on its first upload (once). */
  async jobFor(targetJob: string): Promise<string> {
    const album = this.store.getState().pendingAlbums[targetJob];
    if (!album) return targetJob;
    if (album.targetJob) return album.targetJob;
    let creating = this.creatingAlbums.get(targetJob);
    if (!creating) {
      creating = this.transport.createAlbum(album.name).then((jobId) => {
        this.store.getState().albumCreated(targetJob, jobId);
        return jobId;
      });
      creating.catch(() => this.creatingAlbums.delete(targetJob));
      this.creatingAlbums.set(targetJob, creating);
    }
    return creating;
  }
}
