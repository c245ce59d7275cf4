import { CALLS } from '../../api/contract/calls';
import { callTo } from '../../api/contract/callTarget';
import {
  useInfiniteQuery,
  useQuery,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { DocumentsResponseSchema, type DocumentsResponse } from '../../api/contract/documents';
import { api } from '../../platform/api';
import { defaultJobQuery } from '../../platform/queries';

/** Documents per call: the contract's default page; a screen or two of rows at a time. */
export const DOCUMENTS_PAGE_SIZE = 500;

const documentsKey = (jobId: string | undefined) => ['documents', jobId] as const;

/** The signed-in user's default job (shared cache entry with the timeline). */
export function useDefaultJob() {
  return useQuery(defaultJobQuery);
}

/**
 * GET /jobs/{id}/documents, page by page (offset/limit): the first page loads at once, the next
 * when the list is scrolled near its end, until `total` are loaded.
 */
export function useDocuments(jobId: string | undefined) {
  const queryClient = useQueryClient();
  const query = useInfiniteQuery({
    queryKey: documentsKey(jobId),
    enabled: jobId !== undefined,
    initialPageParam: 0,
    queryFn: async ({ pageParam, signal }) =>
      (
        await api().request({
          call: callTo(
            CALLS.documents,
            { id: jobId ?? '' },
            { offset: pageParam, limit: DOCUMENTS_PAGE_SIZE },
          ),
          schema: DocumentsResponseSchema,
          signal,
        })
      ).data,
    getNextPageParam: (last, _pages, lastParam) =>
      last.documents.length > 0 && lastParam + last.documents.length < last.total
        ? lastParam + last.documents.length
        : undefined,
  });

  const documents = useMemo(
    () => query.data?.pages.flatMap((page) => page.documents) ?? [],
    [query.data],
  );
  const total = query.data?.pages.at(-1)?.total ?? 0;

  /**
   * Takes deleted documents out of the loaded pages (and the total) without a refetch, so the
   * list keeps its scroll position; later pages' offsets shift by the same count.
   */
  const removeLocally = useCallback(
    (ids: ReadonlySet<string>) => {
      queryClient.setQueryData<InfiniteData<DocumentsResponse, number>>(
        documentsKey(jobId),
        (data) => (data ? withoutDocuments(data, ids) : data),
      );
    },
    [queryClient, jobId],
  );

  return { query, documents, total, removeLocally };
}

/**
 * The loaded pages without the given documents: totals drop by the number removed, and each
 * later page's offset moves back by what was removed before it, so the next page still starts
 * right after the last loaded document.
 */
export function withoutDocuments(
  data: InfiniteData<DocumentsResponse, number>,
  ids: ReadonlySet<string>,
): InfiniteData<DocumentsResponse, number> {
  let removed = 0;
  const pageParams: number[] = [];
  const pages = data.pages.map((page, i) => {
    pageParams.push(data.pageParams[i] - removed);
    const kept = page.documents.filter((doc) => !ids.has(doc.fileID));
    removed += page.documents.length - kept.length;
    return { ...page, documents: kept };
  });
  return {
    pages: pages.map((page) => ({ ...page, total: Math.max(0, page.total - removed) })),
    pageParams,
  };
}
