// The calls the baseline makes, as a React developer would write them with fetch: the session
// (token + service dictionary) comes from the query string, taken from the real app's sign-in.

export interface Session {
  token: string;
  appHost: string;
  thumbHost: string;
}

export interface Section {
  year: number;
  month: number;
  startDay: number;
  endDay: number;
  counts: { pictures: number; videos: number; screenshots: number };
}

export interface Tile {
  id: string;
  aspect: number;
}

interface FileJson {
  id: string;
  width?: number | null;
  height?: number | null;
  type: 'picture' | 'movie' | 'document';
  group?: { master: boolean };
}

export function sessionFromUrl(search: string): Session {
  const params = new URLSearchParams(search);
  const dict = JSON.parse(params.get('service_dict') ?? '{}') as Record<string, string>;
  return {
    token: params.get('auth_token') ?? '',
    appHost: dict.appHost ?? '',
    thumbHost: dict.thumbHost ?? '',
  };
}

async function get<T>(session: Session, path: string, signal?: AbortSignal): Promise<T> {
  const response = await fetch(`${session.appHost}${path}`, {
    headers: { Authorization: `Basic ${btoa(`${session.token}:`)}` },
    signal,
  });
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  return (await response.json()) as T;
}

export async function loadTimeline(
  session: Session,
): Promise<{ job: string; sections: Section[] }> {
  const { id } = await get<{ id: string }>(session, '/jobs/default');
  const { months } = await get<{ months: Section[] }>(session, `/jobs/${id}/timeline/months`);
  return { job: id, sections: months };
}

export async function loadSection(
  session: Session,
  job: string,
  section: Section,
  signal: AbortSignal,
): Promise<Tile[]> {
  const start = Date.UTC(section.year, section.month - 1, section.startDay) / 1000;
  const end = Date.UTC(section.year, section.month - 1, section.endDay + 1) / 1000;
  const { files } = await get<{ files: FileJson[] }>(
    session,
    `/jobs/${job}/files?start=${start}&end=${end}`,
    signal,
  );
  // The same files as the timeline shows: no documents, no non-master movie of a group.
  return files
    .filter((f) => f.type !== 'document' && !(f.group && !f.group.master && f.type === 'movie'))
    .map((f) => ({
      id: f.id,
      aspect: f.width && f.height ? f.width / f.height : 4 / 3,
    }));
}

export const thumbUrl = (session: Session, job: string, id: string): string =>
  `${session.thumbHost}/th/3/${encodeURIComponent(id)}?area=256&share=${job}&token=${session.token}`;

export const sectionCount = (s: Section): number =>
  s.counts.pictures + s.counts.videos + s.counts.screenshots;
